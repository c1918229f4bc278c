import type { Request } from 'express';
import { HttpError } from '../../common/errors/http-error';
import {
  credentialsOfSession,
  csrfTokenOf,
  readCookie,
  sessionCredentials,
  sessionValue,
} from './session-cookie';

function request(method: string, headers: Record<string, string>): Request {
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return { method, headers: lower } as unknown as Request;
}

describe('the console session cookie', () => {
  it('holds a token as it is, and noauth’s context as its fields', () => {
    expect(credentialsOfSession(sessionValue({ token: 'zw_abc' }), false)).toEqual({ token: 'zw_abc' });
    const noauth = sessionValue({ projectId: 'p1', roles: 'member,reader' });
    expect(credentialsOfSession(noauth, true)).toEqual({
      projectId: 'p1',
      userId: undefined,
      roles: 'member,reader',
    });
  });

  it('gives noauth no credentials from a cookie it did not write', () => {
    expect(credentialsOfSession('noauth.%%%', true)).toEqual({});
    expect(
      credentialsOfSession(`noauth.${Buffer.from('{"projectId":7}').toString('base64url')}`, true),
    ).toEqual({
      projectId: undefined,
      userId: undefined,
      roles: undefined,
    });
  });

  it('reads one cookie among others, and none that does not decode', () => {
    const req = request('GET', { cookie: 'a=1; zw_session=zw_%41bc; b=2' });
    expect(readCookie(req, 'zw_session')).toBe('zw_Abc');
    expect(readCookie(request('GET', { cookie: 'zw_session=%E0%A4%A' }), 'zw_session')).toBeUndefined();
  });

  it('authenticates reads by the cookie alone, changes only with its CSRF token', () => {
    const cookie = 'zw_session=zw_abc';
    expect(sessionCredentials(request('GET', { cookie }), false)).toEqual({ token: 'zw_abc' });
    expect(() => sessionCredentials(request('POST', { cookie }), false)).toThrow(HttpError);
    expect(() =>
      sessionCredentials(request('DELETE', { cookie, 'x-csrf-token': csrfTokenOf('zw_other') }), false),
    ).toThrow(/X-CSRF-Token/);
    expect(
      sessionCredentials(request('POST', { cookie, 'x-csrf-token': csrfTokenOf('zw_abc') }), false),
    ).toEqual({
      token: 'zw_abc',
    });
  });

  it('leaves a request with X-Auth-Token (or noauth’s project header) to its headers', () => {
    const cookie = 'zw_session=zw_abc';
    expect(
      sessionCredentials(request('POST', { cookie, 'x-auth-token': 'zw_other' }), false),
    ).toBeUndefined();
    expect(sessionCredentials(request('POST', { cookie, 'x-auth-project-id': 'p2' }), true)).toBeUndefined();
    expect(sessionCredentials(request('GET', {}), false)).toBeUndefined();
  });

  it('ignores a cookie too long to be a token', () => {
    expect(
      sessionCredentials(request('GET', { cookie: `zw_session=${'x'.repeat(4001)}` }), false),
    ).toBeUndefined();
  });
});
