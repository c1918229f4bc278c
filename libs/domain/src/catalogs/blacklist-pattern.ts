import { Context, Script, createContext } from 'node:vm';
import { DomainError } from '../domain-error';
import { quote } from '../quote';

/**
 * Blacklist patterns are Python `re` expressions (Designate runs `re.search(pattern, zone_name)`); they
 * run here as JavaScript RegExps, with Python's own spellings translated: `(?P<n>…)`, `(?P=n)`, `\A`,
 * `\Z` and leading global flags `(?i)`, `(?m)`, `(?s)` (`(?a)`, `(?u)` change nothing on ASCII names).
 * What JavaScript cannot express (`(?x)`, `(?L)`, conditionals, atomic groups, possessive quantifiers)
 * is refused as not a regex; docs/api-behaviour.md lists the remaining differences.
 */
const PYTHON_TOKENS = /\\[\s\S]|\(\?P<|\(\?P=(\w+)\)/g;
const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;
const JS_FLAGS: Record<string, string> = { i: 'i', m: 'm', s: 's', a: '', u: '' };

/** Designate gives up on a pattern after 20 ms and counts the name as blacklisted; so do we. */
const MATCH_TIMEOUT_MS = 20;

export function toRegExp(pattern: string): RegExp | null {
  let source = pattern;
  let flags = '';
  const leading = LEADING_FLAGS.exec(source);
  if (leading) {
    for (const flag of new Set(leading[1])) {
      if (!Object.hasOwn(JS_FLAGS, flag)) return null;
      flags += JS_FLAGS[flag];
    }
    source = source.slice(leading[0].length);
  }
  source = source.replace(PYTHON_TOKENS, (token, name: string | undefined) => {
    if (name !== undefined) return `\\k<${name}>`;
    if (token === '(?P<') return '(?<';
    return ({ '\\A': '^', '\\Z': '$' } as Record<string, string>)[token] ?? token;
  });
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

/**
 * The pattern, if it is a non-empty regular expression; Designate's schema error if not. The empty pattern
 * is a regex, but one that matches every name: Designate refuses it (its tempest suite checks), and taking
 * it would refuse every zone to every non-admin.
 */
export function checkBlacklistPattern(pattern: string): string {
  if (pattern === '') throw invalidPattern(`${quote(pattern)} is too short`, 'minLength');
  if (toRegExp(pattern) !== null) return pattern;
  throw invalidPattern(`${quote(pattern)} is not a 'regex'`, 'format');
}

function invalidPattern(message: string, validator: string): DomainError {
  return new DomainError('invalid_object', `Provided object is not valid: ${message}`, {
    errors: [{ path: ['pattern'], message, validator }],
  });
}

const search = new Script('pattern.test(name)');
/** One context for every match (each sets its pattern and name first): creating one costs about a millisecond. */
let context: Context | undefined;
/** Compiled patterns by their text; the blacklist is small, and a changed pattern is a new key. */
const compiled = new Map<string, RegExp | null>();
const MAX_COMPILED = 1000;

function compiledPattern(text: string): RegExp | null {
  let pattern = compiled.get(text);
  if (pattern === undefined) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    pattern = toRegExp(text);
    compiled.set(text, pattern);
  }
  return pattern;
}

/** Whether any pattern finds a match in the name (a pattern running out of time counts as a match). */
export function isBlacklisted(name: string, patterns: string[]): boolean {
  return patterns.some((text) => {
    const pattern = compiledPattern(text);
    if (pattern === null) return false;
    context ??= createContext({});
    Object.assign(context, { pattern, name });
    try {
      return search.runInContext(context, { timeout: MATCH_TIMEOUT_MS }) === true;
    } catch {
      return true;
    }
  });
}
