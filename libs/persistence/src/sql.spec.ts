import { isDatabaseUnavailable } from './sql';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['dropped mid-request (no code)', new Error('Connection terminated unexpectedly')],
    ['stalled: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['stalled: client query timeout', new Error('Query read timeout')],
    [
      'statement_timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['admin shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['connection exception class', Object.assign(new Error('connection failure'), { code: '08006' })],
    [
      'Prisma pool timeout',
      Object.assign(new Error('Timed out fetching a new connection'), { code: 'P2024' }),
    ],
    [
      'Prisma over the driver adapter',
      Object.assign(new Error('Too many database connections opened'), {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind: 'TooManyConnections' } } },
      }),
    ],
    ['wrapped', Object.assign(new Error('query failed'), { cause: new Error('Connection terminated') })],
  ])('%s → unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'oops'],
  ])('%s → not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
