import { DomainError } from '../domain-error';
import { TextRecordSet, zoneTextBatch } from './zone-text';

const ZONE = { name: 'example.org.', ttl: 3600 };
const CURRENT: TextRecordSet[] = [
  {
    name: 'example.org.',
    type: 'SOA',
    ttl: null,
    records: ['ns1.example.net. hostmaster.example.org. 5 3600 600 86400 3600'],
  },
  { name: 'example.org.', type: 'NS', ttl: null, records: ['ns1.example.net.'] },
  { name: 'www.example.org.', type: 'A', ttl: null, records: ['192.0.2.10'] },
  { name: 'ftp.example.org.', type: 'CNAME', ttl: null, records: ['www.example.org.'] },
  { name: 'example.org.', type: 'MX', ttl: 300, records: ['10 mail.example.org.'] },
];
/** The zone as the console writes it: the SOA and apex NS left out. */
const AS_TEXT = [
  '$ORIGIN example.org.',
  '$TTL 3600',
  'www IN A 192.0.2.10',
  'ftp IN CNAME www',
  '@ 300 IN MX 10 mail',
  '',
].join('\n');

describe('zoneTextBatch: the batch that makes a zone its zonefile', () => {
  it('is empty for the zone as it is, the SOA and apex NS aside', () => {
    expect(zoneTextBatch(ZONE, CURRENT, AS_TEXT)).toEqual({ changes: [], unchanged: 3 });
  });

  it('creates, upserts and deletes, in name and type order', () => {
    const edited =
      AS_TEXT.replace('192.0.2.10', '192.0.2.11').replace('ftp IN CNAME www\n', '') +
      'new 300 IN A 192.0.2.20\n';
    expect(zoneTextBatch(ZONE, CURRENT, edited)).toEqual({
      changes: [
        { action: 'DELETE', name: 'ftp.example.org.', type: 'CNAME' },
        { action: 'CREATE', name: 'new.example.org.', type: 'A', ttl: 300, records: ['192.0.2.20'] },
        { action: 'UPSERT', name: 'www.example.org.', type: 'A', ttl: null, records: ['192.0.2.11'] },
      ],
      unchanged: 1,
    });
  });

  it('upserts a TTL change alone, and keeps the zone’s TTL as none of the record set’s own', () => {
    const ttlOnly = AS_TEXT.replace('www IN A', 'www 60 IN A');
    expect(zoneTextBatch(ZONE, CURRENT, ttlOnly).changes).toEqual([
      { action: 'UPSERT', name: 'www.example.org.', type: 'A', ttl: 60, records: ['192.0.2.10'] },
    ]);
    // An MX whose own TTL becomes the zone's keeps it as its own.
    const mxAtZoneTtl = AS_TEXT.replace('@ 300 IN MX', '@ 3600 IN MX');
    expect(zoneTextBatch(ZONE, CURRENT, mxAtZoneTtl).changes).toEqual([
      { action: 'UPSERT', name: 'example.org.', type: 'MX', ttl: 3600, records: ['10 mail.example.org.'] },
    ]);
  });

  it('leaves a changed SOA or apex NS out: they are the service’s', () => {
    const withOwn = `${AS_TEXT}@ IN NS ns9.example.net.\n@ IN SOA a. b.example.org. 1 2 3 4 5\n`;
    expect(zoneTextBatch(ZONE, CURRENT, withOwn).changes).toEqual([]);
  });

  it('compares records in canonical form: case and spacing of names do not make a change', () => {
    expect(
      zoneTextBatch(ZONE, CURRENT, AS_TEXT.replace('ftp IN CNAME www', 'ftp IN CNAME WWW.Example.Org.'))
        .changes,
    ).toEqual([]);
  });

  it('refuses a zonefile that does not parse, naming the line', () => {
    const broken = `${AS_TEXT}bad IN A 999.1.1.1\n`;
    let thrown: unknown;
    try {
      zoneTextBatch(ZONE, CURRENT, broken);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/line 6\b/) });
  });
});
