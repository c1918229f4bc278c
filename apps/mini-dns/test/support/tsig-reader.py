"""
A TSIG-signed reader written with dnspython, as external-dns and certbot read a zone: an AXFR read message
by message (is every one signed?), the same AXFR as dns.query.xfr into a dns.zone, or one query. Prints
one JSON object: what the server answered, or the error dnspython raised (e.g. PeerBadKey).

    tsig-reader.py '{"mode": "axfr" | "xfr" | "query", "host": …, "port": …, "name": …, "type": "SOA",
                     "key": "name.", "algorithm": "hmac-sha256", "secret": "base64", "tcp": false}'
"""
import json
import socket
import struct
import sys

import dns.exception
import dns.flags
import dns.message
import dns.name
import dns.query
import dns.rcode
import dns.rdatatype
import dns.tsig
import dns.tsigkeyring
import dns.zone


def receive(sock, count):
    data = b''
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise EOFError('the server closed the connection')
        data += chunk
    return data


def signed_query(args, qtype):
    keyring = dns.tsigkeyring.from_text({args['key']: (args['algorithm'], args['secret'])})
    query = dns.message.make_query(args['name'], qtype)
    query.use_tsig(keyring, keyname=args['key'], algorithm=args['algorithm'])
    return query


def axfr_by_message(args):
    """Each message of the transfer verified in turn (RFC 8945 §5.3.1), and counted signed or not."""
    query = signed_query(args, 'AXFR')
    wire = query.to_wire()
    result = {'messages': 0, 'signed': 0, 'records': 0, 'rcode': 'NOERROR'}
    context = None
    soa = 0
    with socket.create_connection((args['host'], args['port']), timeout=30) as sock:
        sock.sendall(struct.pack('!H', len(wire)) + wire)
        while soa < 2:
            (length,) = struct.unpack('!H', receive(sock, 2))
            message = dns.message.from_wire(
                receive(sock, length),
                keyring=query.keyring,
                request_mac=query.mac,
                xfr=True,
                origin=dns.name.from_text(args['name']),
                tsig_ctx=context,
                multi=True,
            )
            context = message.tsig_ctx
            result['messages'] += 1
            result['signed'] += 1 if message.had_tsig else 0
            result['rcode'] = dns.rcode.to_text(message.rcode())
            if message.rcode() != dns.rcode.NOERROR:
                break
            for rrset in message.answer:
                result['records'] += len(rrset)
                if rrset.rdtype == dns.rdatatype.SOA:
                    soa += len(rrset)
    return result


def xfr_into_zone(args):
    """dns.query.xfr as a client library runs it, into a dns.zone: its records counted."""
    keyring = dns.tsigkeyring.from_text({args['key']: (args['algorithm'], args['secret'])})
    zone = dns.zone.from_xfr(
        dns.query.xfr(
            args['host'],
            args['name'],
            port=args['port'],
            keyring=keyring,
            keyname=args['key'],
            keyalgorithm=args['algorithm'],
            relativize=False,
            timeout=30,
            lifetime=60,
        ),
        relativize=False,
    )
    records = sum(len(rdataset) for node in zone.nodes.values() for rdataset in node)
    return {'records': records, 'rcode': 'NOERROR'}


def one_query(args):
    query = signed_query(args, args.get('type', 'SOA'))
    send = dns.query.tcp if args.get('tcp') else dns.query.udp
    response = send(query, args['host'], port=args['port'], timeout=5)
    return {
        'rcode': dns.rcode.to_text(response.rcode()),
        'aa': bool(response.flags & dns.flags.AA),
        'signed': response.had_tsig,
        'answer': [rrset.to_text() for rrset in response.answer],
    }


def main():
    args = json.loads(sys.argv[1])
    mode = {'axfr': axfr_by_message, 'xfr': xfr_into_zone, 'query': one_query}[args['mode']]
    try:
        result = mode(args)
    except (dns.exception.DNSException, dns.query.TransferError) as error:
        result = {'error': type(error).__name__, 'message': str(error)}
    print(json.dumps(result))


if __name__ == '__main__':
    main()
