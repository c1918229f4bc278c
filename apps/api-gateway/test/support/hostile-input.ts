import { createHash } from 'node:crypto';
import { BadInputCase, expectErrorBody, sendCase } from './bad-input';

/** What a request must get: an error status with its Designate type, or a success status alone. */
export interface Outcome {
  status: number;
  type?: string;
}

/**
 * A hostile request and what it must get: a Designate error (4xx, `type`), or — where the value is
 * merely unusual and valid — its success. Never a 5xx.
 */
export interface HostileCase extends Omit<BadInputCase, 'status' | 'type'>, Outcome {
  /** Text the message must hold: the field or parameter it is about ("integer" for a wrong type). */
  mentions?: string[];
  /** A long value of one repeated character: the answer may quote at most 100 characters of it. */
  longValue?: string;
}

/** Characters of a client's value an answer may repeat. */
export const MAX_QUOTED_CHARS = 100;
/** No error answer in these suites is longer (a 1 MB value once gave a 2 MB answer). */
export const MAX_ERROR_BODY_CHARS = 4096;

/** Every `{placeholder}` replaced by the id the suite created for it. */
export function fillIds(text: string, ids: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(ids, name) ? ids[name] : whole));
}

export async function expectHostileAnswer(
  baseUrl: string,
  c: HostileCase,
  defaultHeaders: Record<string, string>,
  ids: Record<string, string>,
): Promise<void> {
  const sent = {
    ...c,
    path: fillIds(c.path, ids),
    raw: c.raw === undefined ? undefined : fillIds(c.raw, ids),
  };
  const res = await sendCase(baseUrl, sent, defaultHeaders);
  if (c.status < 400) {
    expect({ status: res.status, body: res.status === c.status ? 'as expected' : res.body }).toEqual({
      status: c.status,
      body: 'as expected',
    });
    return;
  }
  expectErrorBody(res, { status: c.status, type: c.type! });
  for (const text of c.mentions ?? []) expect(res.body.message).toContain(text);
  const answer = JSON.stringify(res.body);
  expect(answer.length).toBeLessThan(MAX_ERROR_BODY_CHARS);
  if (c.longValue) expect(answer).not.toContain(c.longValue.slice(0, MAX_QUOTED_CHARS + 1));
}

/** `value` at a dotted path (`attributes.note`, `records.0`) of a copy of `body`, as a property of its own. */
function withValueAt(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const steps = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const step of steps.slice(0, -1)) node = node[step] as Record<string, unknown>;
  // defineProperty: `__proto__` must become a key of the JSON, not the prototype of the copy.
  Object.defineProperty(node, steps[steps.length - 1], {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

const MARK = '\u0001hostile value\u0001';

/**
 * The JSON text of `body` with `path` set to `rawJson`, written as is: `1e400` must reach the server as
 * such (JSON.stringify would send Infinity as null).
 */
export function jsonWith(body: Record<string, unknown>, path: string, rawJson: string): string {
  return JSON.stringify(withValueAt(body, path, MARK)).replace(JSON.stringify(MARK), () => rawJson);
}

/** The values every integer parameter and field is tried with: [label, JSON text, the number if any]. */
export const INTEGER_PROBES: [string, string, number | undefined][] = [
  ['-1', '-1', -1],
  ['0', '0', 0],
  ['2^31', '2147483648', 2 ** 31],
  ['-2^31', '-2147483648', -(2 ** 31)],
  ['2^53', '9007199254740992', 2 ** 53],
  ['-2^53', '-9007199254740992', -(2 ** 53)],
  ['1e400', '1e400', undefined],
  ['1.5', '1.5', undefined],
  ['"300"', '"300"', undefined],
  ['true', 'true', undefined],
  ['null', 'null', undefined],
  ['[]', '[]', undefined],
  ['{}', '{}', undefined],
];

/** Names that are properties of every plain object: `key in {}` and `{}[key]` find them. */
export const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

/** Hex digits that do not compress: a value PostgreSQL must index as long as it is. */
export function incompressible(length: number): string {
  let text = '';
  for (let i = 0; text.length < length; i++) text += createHash('sha256').update(String(i)).digest('hex');
  return text.slice(0, length);
}
