import { ZoneContent } from '@zonewarden/persistence';
import { resolve } from './resolver';
import { buildZoneData } from './zone-data';

const content: ZoneContent = {
  id: 'z',
  name: 'example.com.',
  ttl: 3600,
  serial: 7,
  recordsets: [
    {
      name: 'example.com.',
      type: 'SOA',
      ttl: null,
      records: ['ns1.example.net. admin.example.com. 7 3600 600 86400 300'],
    },
    { name: 'example.com.', type: 'NS', ttl: null, records: ['ns1.example.net.'] },
    { name: 'example.com.', type: 'MX', ttl: 600, records: ['10 mail.example.com.'] },
    { name: 'mail.example.com.', type: 'A', ttl: null, records: ['192.0.2.25'] },
    { name: 'www.example.com.', type: 'A', ttl: 60, records: ['192.0.2.1', '192.0.2.2'] },
    { name: 'alias.example.com.', type: 'CNAME', ttl: null, records: ['www.example.com.'] },
    { name: 'loop1.example.com.', type: 'CNAME', ttl: null, records: ['loop2.example.com.'] },
    { name: 'loop2.example.com.', type: 'CNAME', ttl: null, records: ['loop1.example.com.'] },
    { name: 'dangling.example.com.', type: 'CNAME', ttl: null, records: ['missing.example.com.'] },
    { name: 'out.example.com.', type: 'CNAME', ttl: null, records: ['www.example.org.'] },
    { name: 'a.b.c.example.com.', type: 'TXT', ttl: null, records: ['"deep"'] },
    { name: '*.wild.example.com.', type: 'A', ttl: null, records: ['192.0.2.99'] },
    { name: 'sub.example.com.', type: 'NS', ttl: null, records: ['ns.sub.example.com.'] },
    { name: 'ns.sub.example.com.', type: 'A', ttl: null, records: ['192.0.2.53'] },
  ],
};
const zone = buildZoneData(content);
const summary = (qname: string, qtype: string) => {
  const r = resolve(zone, qname, qtype);
  const show = (records: { name: string; type: string; data: unknown }[]) =>
    records.map((a) => `${a.name} ${a.type} ${typeof a.data === 'string' ? a.data : JSON.stringify(a.data)}`);
  return {
    rcode: r.rcode,
    aa: r.authoritative,
    answers: show(r.answers),
    authorities: show(r.authorities).map((a) => a.split(' ').slice(0, 2).join(' ')),
    additionals: show(r.additionals),
  };
};

describe('resolver', () => {
  it('answers a record set with the AA flag, in the query’s letter case', () => {
    expect(summary('WWW.example.com', 'A')).toMatchObject({
      rcode: 'NOERROR',
      aa: true,
      answers: ['WWW.example.com A 192.0.2.1', 'WWW.example.com A 192.0.2.2'],
    });
  });

  it('adds in-zone addresses of MX targets', () => {
    expect(summary('example.com', 'MX').additionals).toEqual(['mail.example.com A 192.0.2.25']);
  });

  it('answers NODATA with the SOA (negative TTL = min(TTL, MINIMUM))', () => {
    const r = resolve(zone, 'www.example.com', 'AAAA');
    expect(r).toMatchObject({ rcode: 'NOERROR', authoritative: true, answers: [] });
    expect(r.authorities.map((a) => [a.type, a.ttl])).toEqual([['SOA', 300]]);
  });

  it('answers NXDOMAIN with the SOA', () => {
    expect(summary('nope.example.com', 'A')).toMatchObject({
      rcode: 'NXDOMAIN',
      aa: true,
      answers: [],
      authorities: ['example.com SOA'],
    });
  });

  it('treats empty non-terminals as existing names', () => {
    expect(summary('b.c.example.com', 'A')).toMatchObject({
      rcode: 'NOERROR',
      answers: [],
      authorities: ['example.com SOA'],
    });
  });

  it('follows CNAME chains inside the zone, and stops at loops, dead ends and other zones', () => {
    expect(summary('alias.example.com', 'A').answers).toEqual([
      'alias.example.com CNAME www.example.com',
      'www.example.com A 192.0.2.1',
      'www.example.com A 192.0.2.2',
    ]);
    expect(summary('alias.example.com', 'CNAME').answers).toEqual([
      'alias.example.com CNAME www.example.com',
    ]);
    expect(summary('loop1.example.com', 'A').answers.length).toBeLessThanOrEqual(9);
    expect(summary('dangling.example.com', 'A')).toMatchObject({
      rcode: 'NXDOMAIN',
      answers: ['dangling.example.com CNAME missing.example.com'],
    });
    expect(summary('out.example.com', 'A')).toMatchObject({
      rcode: 'NOERROR',
      answers: ['out.example.com CNAME www.example.org'],
    });
  });

  it('synthesizes wildcard answers under the name asked', () => {
    expect(summary('host.wild.example.com', 'A').answers).toEqual(['host.wild.example.com A 192.0.2.99']);
    expect(summary('deeper.host.wild.example.com', 'A').answers).toEqual([
      'deeper.host.wild.example.com A 192.0.2.99',
    ]);
    expect(summary('host.wild.example.com', 'TXT')).toMatchObject({ rcode: 'NOERROR', answers: [] });
  });

  it('refers queries at or below a delegation, with glue, without AA', () => {
    for (const qname of ['sub.example.com', 'www.sub.example.com']) {
      expect(summary(qname, 'A')).toMatchObject({
        rcode: 'NOERROR',
        aa: false,
        answers: [],
        authorities: ['sub.example.com NS'],
        additionals: ['ns.sub.example.com A 192.0.2.53'],
      });
    }
  });

  it('answers ANY with every record set of the name', () => {
    expect(
      summary('example.com', 'ANY')
        .answers.map((a) => a.split(' ')[1])
        .sort(),
    ).toEqual(['MX', 'NS', 'SOA']);
  });

  it('refuses names outside its zones', () => {
    expect(resolve(undefined, 'example.org', 'A')).toMatchObject({ rcode: 'REFUSED', authoritative: false });
  });
});
