import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { securityHeaders } from './security-headers';

/** The response headers of an app with `middleware`, the ones every response has (Date, …) left out. */
async function headersWith(middleware: express.RequestHandler): Promise<Record<string, string>> {
  const app = express()
    .use(middleware)
    .get('/', (_req, res) => res.send('ok'));
  const { headers } = await request(app).get('/');
  const { date: _date, ...rest } = headers as Record<string, string>;
  return rest;
}

describe('securityHeaders', () => {
  it('sends exactly what helmet() sends', async () => {
    const ours = await headersWith(securityHeaders());
    expect(ours).toEqual(await headersWith(helmet()));
    expect(ours['content-security-policy']).toContain("default-src 'self'");
    expect(ours['x-powered-by']).toBeUndefined();
  });
});
