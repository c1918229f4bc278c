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
  it("sends what helmet() sends, but for the CSP's upgrade-insecure-requests", async () => {
    const ours = await headersWith(securityHeaders());
    const helmets = await headersWith(helmet());
    expect(helmets['content-security-policy']).toContain(';upgrade-insecure-requests');
    expect(ours).toEqual({
      ...helmets,
      'content-security-policy': helmets['content-security-policy'].replace(';upgrade-insecure-requests', ''),
    });
    expect(ours['content-security-policy']).toContain("default-src 'self'");
    expect(ours['x-powered-by']).toBeUndefined();
  });

  it('sends nothing that takes a browser from plain HTTP to https', async () => {
    const ours = await headersWith(securityHeaders());
    expect(ours['content-security-policy']).not.toMatch(/upgrade-insecure-requests|block-all-mixed-content/);
    // Ignored over plain HTTP (RFC 6797 §8.1); kept for the deployments behind a TLS proxy.
    expect(ours['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
