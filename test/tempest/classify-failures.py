#!/usr/bin/env python3
"""Groups the failed tests of a `tempest run` log by cause: the exception raised, the HTTP exchange that
raised it (status, method, path with ids replaced) and its message. Prints the causes, largest first, each
with its count and one example test. Usage: classify-failures.py tempest-run.log [top]"""
import collections
import re
import sys

FAILED = re.compile(r'^\{\d+\} (\S+)(?: \((\S+)\))? \[[\d.]+s\] \.\.\. FAILED')
RESULT = re.compile(r'^\{\d+\} ')
EXCEPTION = re.compile(r'^\s*((?:[\w]+\.)*\w*(?:Error|Exception|Unauthorized|Forbidden|NotFound|BadRequest|'
                       r'Conflict|ServerFault|UnexpectedResponseCode|InvalidScope|TimeoutException|'
                       r'UnexpectedContentType|NotImplemented|Mismatch\w*|Failure))\b:?\s*(.*)$')
REQUEST = re.compile(r'Request \([^)]*\): (\d{3}) (\w+) https?://[^/]+(/\S*)')
TIMESTAMP = re.compile(r'^\s*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d')
ID = re.compile(r'[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}')


def blocks(lines):
    name, body = None, []
    for line in lines:
        if RESULT.match(line):
            if name:
                yield name, body
            match = FAILED.match(line)
            name, body = ((match.group(2) or match.group(1)), []) if match else (None, [])
        elif name:
            body.append(line.rstrip('\n'))
    if name:
        yield name, body


def unwrap(line):
    """subunit-trace (reading a stored stream) prints each captured line as a bytes literal."""
    stripped = line.strip()
    if len(stripped) > 2 and stripped[0] == 'b' and stripped[1] in '\'"' and stripped[-1] == stripped[1]:
        return stripped[2:-1].replace("\\'", "'")
    return line


def cause(body):
    exception, message, details = 'unknown', '', ''
    exchanges = []
    for line in map(unwrap, body):
        match = REQUEST.search(line)
        if match:
            # Cleanups run after the failure: their requests are not what the test tripped on.
            if '/v3/' not in match.group(3) and '_run_cleanups' not in line and 'tearDown' not in line:
                path = ID.sub('{id}', match.group(3).split('?')[0])
                exchanges.append((int(match.group(1)), f'{match.group(1)} {match.group(2)} {path}'))
            continue
        if TIMESTAMP.match(line):
            continue
        match = EXCEPTION.match(line)
        if match and 'File "' not in line:
            exception, message = match.group(1).split('.')[-1], match.group(2)
        if line.startswith('Details:'):
            details = line[len('Details:'):].strip()
    # The exchange the test tripped on: its last error answer, else its last request.
    errors = [text for status, text in exchanges if status >= 400]
    exchange = (errors or [text for _, text in exchanges] or [''])[-1]
    text = re.sub(r"'request_id': '[^']*'|req-[0-9a-f-]+| object at 0x[0-9a-f]+", '', details or message)
    text = ID.sub('{id}', re.sub(r'\d{6,}', 'N', text))[:160]
    return exception, exchange, text


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    with open(path, errors='replace') as log:
        failures = [(name, cause(body)) for name, body in blocks(log)]
    groups = collections.defaultdict(list)
    for name, (exception, exchange, text) in failures:
        groups[(exception, exchange, text)].append(name)
    coarse = collections.Counter(
        (exception, exchange.split(' ')[0] if exchange else 'no request') for _, (exception, exchange, _) in failures
    )
    print(f'{len(failures)} failed tests (and class fixtures); by exception and HTTP status:')
    for (exception, status), n in coarse.most_common():
        print(f'{n:4}  {exception} {status}')
    print(f'in {len(groups)} groups by exception, exchange and message:')
    for (exception, exchange, text), names in sorted(groups.items(), key=lambda g: -len(g[1]))[:top]:
        print(f'{len(names):4}  {exception}  [{exchange or "no request"}]  {text}')
        print(f'      e.g. {names[0]}')


if __name__ == '__main__':
    main()
