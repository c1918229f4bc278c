import request from 'supertest';

/** One bad request and the error it must get: a table row of the bad-input suites. */
export interface BadInputCase {
  name: string;
  method: 'get' | 'post' | 'patch' | 'delete' | 'put';
  /** May hold a placeholder, replaced by the id of a resource the suite created. */
  path: string;
  /** A JSON value to send, or a raw string (sent as-is with `contentType`). */
  body?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  status: number;
  type: string;
}

/** Sends the case as it stands (`path` already resolved). */
export function sendCase(
  baseUrl: string,
  c: Omit<BadInputCase, 'status' | 'type'>,
  defaultHeaders: Record<string, string>,
): Promise<request.Response> {
  const send = request(baseUrl)[c.method];
  let req = send(c.path).set(c.headers ?? defaultHeaders);
  if (c.raw !== undefined) req = req.set('Content-Type', c.contentType!).send(c.raw);
  else if (c.body !== undefined) req = req.send(c.body as object);
  return req.then((res) => res);
}

/** The Designate error body the case must get: status, type, code, message, request id, no stack. */
export function expectErrorBody(res: request.Response, c: Pick<BadInputCase, 'status' | 'type'>): void {
  expect({ status: res.status, type: res.body?.type }).toEqual({ status: c.status, type: c.type });
  expect(res.body.code).toBe(c.status);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.body.request_id).toMatch(/^req-/);
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
}

/** Sends the case and checks its Designate error body: status, type, code, message, request id, no stack. */
export async function expectBadInputAnswer(
  baseUrl: string,
  c: BadInputCase,
  defaultHeaders: Record<string, string>,
  placeholder: { text: string; id: string },
): Promise<void> {
  const res = await sendCase(
    baseUrl,
    { ...c, path: c.path.replace(placeholder.text, placeholder.id) },
    defaultHeaders,
  );
  expectErrorBody(res, c);
}
