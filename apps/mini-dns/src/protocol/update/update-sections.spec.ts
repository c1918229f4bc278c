import {
  CLASS_ANY,
  CLASS_IN,
  CLASS_NONE,
  MessageWriter,
  Section,
  TYPE_CODES,
  WireName,
  rdataToWire,
  readMessage,
  typeName,
} from '@zonewarden/dns';
import { UpdateFormatError, updateSections } from './update-sections';

const name = (text: string) => WireName.fromText(text);

/** An UPDATE of example.com.: `prerequisites` and `updates` as [owner, type, class, ttl, rdata]. */
type Row = [string, number, number, number, Buffer | string | null];
function update(prerequisites: Row[], updates: Row[]): Buffer {
  const writer = new MessageWriter(Buffer.alloc(4096), 4096);
  writer.question(name('example.com.'), TYPE_CODES.SOA, CLASS_IN);
  const write = (section: Section, [owner, type, klass, ttl, data]: Row) => {
    const rdata =
      data === null ? Buffer.alloc(0) : typeof data === 'string' ? rdataToWire(typeName(type), data) : data;
    writer.record(section, name(owner), type, klass, ttl, rdata);
  };
  prerequisites.forEach((row) => write(Section.Answer, row));
  updates.forEach((row) => write(Section.Authority, row));
  return writer.finish(1, 5 << 11);
}
const sections = (raw: Buffer) => updateSections(raw, readMessage(raw));

describe('updateSections', () => {
  it('reads the prerequisites and the updates: owners lower case and absolute, classes by meaning, rdata as presentation', () => {
    const raw = update(
      [
        ['WWW.Example.COM.', TYPE_CODES.ANY, CLASS_ANY, 0, null],
        ['mail.example.com.', TYPE_CODES.MX, CLASS_IN, 0, '10 MX1.example.com.'],
        ['gone.example.com.', TYPE_CODES.A, CLASS_NONE, 0, null],
      ],
      [
        ['_acme-challenge.example.com.', TYPE_CODES.TXT, CLASS_IN, 60, '"token one" "two"'],
        ['www.example.com.', TYPE_CODES.A, CLASS_NONE, 0, '192.0.2.1'],
        ['www.example.com.', TYPE_CODES.AAAA, CLASS_ANY, 0, null],
        ['old.example.com.', TYPE_CODES.ANY, CLASS_ANY, 0, null],
        ['odd.example.com.', TYPE_CODES.A, 3, 0, '192.0.2.9'],
      ],
    );
    expect(sections(raw)).toEqual({
      prerequisites: [
        { name: 'www.example.com.', class: 'ANY', type: 'ANY', ttl: 0, data: null },
        { name: 'mail.example.com.', class: 'IN', type: 'MX', ttl: 0, data: '10 MX1.example.com.' },
        { name: 'gone.example.com.', class: 'NONE', type: 'A', ttl: 0, data: null },
      ],
      updates: [
        {
          name: '_acme-challenge.example.com.',
          class: 'IN',
          type: 'TXT',
          ttl: 60,
          data: '"token one" "two"',
        },
        { name: 'www.example.com.', class: 'NONE', type: 'A', ttl: 0, data: '192.0.2.1' },
        { name: 'www.example.com.', class: 'ANY', type: 'AAAA', ttl: 0, data: null },
        { name: 'old.example.com.', class: 'ANY', type: 'ANY', ttl: 0, data: null },
        { name: 'odd.example.com.', class: 'OTHER', type: 'A', ttl: 0, data: '192.0.2.9' },
      ],
    });
  });

  it('expands compressed names in rdata, reads SVCB-style data, and gives unknown types as RFC 3597 data', () => {
    // The MX exchange written by the writer points at the zone's name in the question.
    const raw = update(
      [],
      [
        ['example.com.', TYPE_CODES.MX, CLASS_IN, 300, '5 example.com.'],
        ['x.example.com.', 4242, CLASS_IN, 300, Buffer.from([1, 2])],
        ['svc.example.com.', TYPE_CODES.HTTPS, CLASS_IN, 300, '1 . alpn=h2,h3 port=443'],
      ],
    );
    expect(sections(raw).updates.map((u) => [u.type, u.data])).toEqual([
      ['MX', '5 example.com.'],
      ['TYPE4242', '\\# 2 0102'],
      ['HTTPS', '1 . alpn=h2,h3 port=443'],
    ]);
  });

  it('finds rdata that does not decode a format error', () => {
    const short = update([], [['www.example.com.', TYPE_CODES.MX, CLASS_IN, 60, Buffer.from([0, 10, 0xc0])]]);
    expect(() => sections(short)).toThrow(UpdateFormatError);
    const looping = update(
      [],
      [['www.example.com.', TYPE_CODES.CNAME, CLASS_IN, 60, Buffer.from([0xc0, 0xff])]],
    );
    expect(() => sections(looping)).toThrow(UpdateFormatError);
    const longA = update(
      [],
      [['www.example.com.', TYPE_CODES.A, CLASS_IN, 60, Buffer.from([1, 2, 3, 4, 5])]],
    );
    expect(() => sections(longA)).toThrow(UpdateFormatError);
  });
});
