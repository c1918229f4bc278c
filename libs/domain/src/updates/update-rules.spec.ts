import { rrsetKey } from '../changes/rrset-states';
import {
  UpdateRecord,
  UpdateRefused,
  ZoneState,
  applyUpdates,
  checkPrerequisites,
  prescanPrerequisites,
  prescanUpdates,
} from './update-rules';

const ZONE = 'example.com.';
const rr = (
  name: string,
  klass: UpdateRecord['class'],
  type: string,
  data: string | null = null,
  ttl = 0,
): UpdateRecord => ({ name, class: klass, type, ttl, data });
const state = (...sets: [string, string, string[], number | null?][]): ZoneState =>
  new Map(
    sets.map(([name, type, records, ttl = null]) => [rrsetKey(name, type), { name, type, ttl, records }]),
  );
const rcodeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof UpdateRefused) return error.rcode;
    throw error;
  }
  return 'NOERROR';
};
const contentOf = (result: ZoneState) =>
  [...result.values()].map((set) => `${set.name} ${set.ttl} ${set.type} ${set.records.join(',')}`).sort();

const ZONE_STATE = state(
  [ZONE, 'SOA', ['ns1.zonewarden.test. hostmaster.example.com. 1 3600 600 86400 300']],
  [ZONE, 'NS', ['ns1.zonewarden.test.']],
  ['www.example.com.', 'A', ['192.0.2.1', '192.0.2.2'], 300],
  ['alias.example.com.', 'CNAME', ['www.example.com.']],
);

describe('RFC 2136 prerequisites (§2.4, §3.2)', () => {
  it.each([
    ['name is in use', rr('www.example.com.', 'ANY', 'ANY'), 'NOERROR'],
    ['name is in use (false)', rr('none.example.com.', 'ANY', 'ANY'), 'NXDOMAIN'],
    ['name is not in use', rr('none.example.com.', 'NONE', 'ANY'), 'NOERROR'],
    ['name is not in use (false)', rr('www.example.com.', 'NONE', 'ANY'), 'YXDOMAIN'],
    ['RRset exists (value independent)', rr('www.example.com.', 'ANY', 'A'), 'NOERROR'],
    ['RRset exists (value independent, false)', rr('www.example.com.', 'ANY', 'AAAA'), 'NXRRSET'],
    ['RRset does not exist', rr('www.example.com.', 'NONE', 'AAAA'), 'NOERROR'],
    ['RRset does not exist (false)', rr('www.example.com.', 'NONE', 'A'), 'YXRRSET'],
  ])('%s', (_name, prerequisite, rcode) => {
    expect(rcodeOf(() => checkPrerequisites([prerequisite], ZONE_STATE))).toBe(rcode);
  });

  it('RRset exists (value dependent): the whole RRset, as a set, in any order and form', () => {
    const www = (...data: string[]) => data.map((d) => rr('www.example.com.', 'IN', 'A', d));
    expect(rcodeOf(() => checkPrerequisites(www('192.0.2.2', '192.0.2.1'), ZONE_STATE))).toBe('NOERROR');
    expect(rcodeOf(() => checkPrerequisites(www('192.0.2.1'), ZONE_STATE))).toBe('NXRRSET');
    expect(rcodeOf(() => checkPrerequisites(www('192.0.2.1', '192.0.2.2', '192.0.2.3'), ZONE_STATE))).toBe(
      'NXRRSET',
    );
  });

  it('refuses the wrong forms: a TTL, data with ANY or NONE, a name outside the zone, another class', () => {
    expect(rcodeOf(() => prescanPrerequisites(ZONE, [rr('www.example.com.', 'ANY', 'A', null, 60)]))).toBe(
      'FORMERR',
    );
    expect(rcodeOf(() => prescanPrerequisites(ZONE, [rr('www.example.com.', 'ANY', 'A', '192.0.2.1')]))).toBe(
      'FORMERR',
    );
    expect(rcodeOf(() => prescanPrerequisites(ZONE, [rr('www.example.org.', 'ANY', 'A')]))).toBe('NOTZONE');
    expect(rcodeOf(() => prescanPrerequisites(ZONE, [rr('www.example.com.', 'OTHER', 'A')]))).toBe('FORMERR');
    expect(rcodeOf(() => prescanPrerequisites(ZONE, [rr('www.example.com.', 'IN', 'AXFR', 'x')]))).toBe(
      'FORMERR',
    );
  });
});

describe('RFC 2136 updates (§2.5, §3.4)', () => {
  const apply = (...updates: UpdateRecord[]) => contentOf(applyUpdates(ZONE, updates, ZONE_STATE));

  it('adds to an RRset, its TTL becoming the added record’s (BIND), a duplicate once', () => {
    expect(
      apply(
        rr('www.example.com.', 'IN', 'A', '192.0.2.3', 60),
        rr('www.example.com.', 'IN', 'A', '192.0.2.3', 60),
      ),
    ).toContain('www.example.com. 60 A 192.0.2.1,192.0.2.2,192.0.2.3');
    expect(apply(rr('txt.example.com.', 'IN', 'TXT', '"hello world"', 120))).toContain(
      'txt.example.com. 120 TXT "hello world"',
    );
  });

  it('deletes an RRset, every RRset at a name, one record (the RRset going with its last)', () => {
    expect(apply(rr('www.example.com.', 'ANY', 'A'))).not.toContainEqual(
      expect.stringMatching(/^www\.example\.com\. /),
    );
    expect(apply(rr('www.example.com.', 'ANY', 'ANY'))).not.toContainEqual(
      expect.stringMatching(/^www\.example\.com\. /),
    );
    expect(apply(rr('www.example.com.', 'NONE', 'A', '192.0.2.1'))).toContain(
      'www.example.com. 300 A 192.0.2.2',
    );
    expect(
      apply(
        rr('www.example.com.', 'NONE', 'A', '192.0.2.1'),
        rr('www.example.com.', 'NONE', 'A', '192.0.2.2'),
      ),
    ).not.toContainEqual(expect.stringMatching(/^www\.example\.com\. /));
    // Deleting what is not there changes nothing.
    expect(
      apply(rr('none.example.com.', 'ANY', 'ANY'), rr('www.example.com.', 'NONE', 'A', '192.0.2.9')),
    ).toEqual(apply());
  });

  it('keeps CNAME alone: a CNAME beside data, or data beside a CNAME, is ignored; a CNAME replaces a CNAME', () => {
    expect(apply(rr('www.example.com.', 'IN', 'CNAME', 'other.example.com.', 60))).toEqual(apply());
    expect(apply(rr('alias.example.com.', 'IN', 'A', '192.0.2.9', 60))).toEqual(apply());
    expect(apply(rr('alias.example.com.', 'IN', 'CNAME', 'other.example.com.', 60))).toContain(
      'alias.example.com. 60 CNAME other.example.com.',
    );
  });

  it("refuses changes of the service's own SOA and apex NS; a delete of all at the apex leaves them", () => {
    expect(rcodeOf(() => apply(rr(ZONE, 'IN', 'NS', 'ns2.example.net.', 60)))).toBe('REFUSED');
    expect(rcodeOf(() => apply(rr(ZONE, 'ANY', 'SOA')))).toBe('REFUSED');
    expect(rcodeOf(() => apply(rr(ZONE, 'NONE', 'NS', 'ns1.zonewarden.test.')))).toBe('REFUSED');
    expect(apply(rr(ZONE, 'ANY', 'ANY'))).toEqual(apply());
  });

  it('refuses the wrong forms and bad data', () => {
    expect(rcodeOf(() => prescanUpdates(ZONE, [rr('www.example.org.', 'IN', 'A', '192.0.2.1', 60)]))).toBe(
      'NOTZONE',
    );
    expect(rcodeOf(() => prescanUpdates(ZONE, [rr('www.example.com.', 'IN', 'ANY', 'x', 60)]))).toBe(
      'FORMERR',
    );
    expect(rcodeOf(() => prescanUpdates(ZONE, [rr('www.example.com.', 'ANY', 'A', null, 60)]))).toBe(
      'FORMERR',
    );
    expect(rcodeOf(() => prescanUpdates(ZONE, [rr('www.example.com.', 'NONE', 'ANY', 'x')]))).toBe('FORMERR');
    expect(rcodeOf(() => prescanUpdates(ZONE, [rr('www.example.com.', 'NONE', 'A', null)]))).toBe('FORMERR');
    expect(rcodeOf(() => apply(rr('www.example.com.', 'IN', 'A', 'not-an-address', 60)))).toBe('FORMERR');
  });
});
