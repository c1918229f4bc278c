import * as packet from 'dns-packet';
import fc from 'fast-check';
import { VALID } from '../rdata/rdata.fixtures';
import { FormatError, expandedRdata, readEdns, readMessage } from './message-reader';
import { MAX_MESSAGE_OCTETS, MessageWriter, Section } from './message-writer';
import { rdataBytes, rdataToWire } from './rdata-wire';
import { CLASS_IN, TYPE_CODES, typeCode } from './types';
import { WireName } from './wire-name';

const name = (text: string) => WireName.fromText(text);
const writer = (limit = MAX_MESSAGE_OCTETS) => new MessageWriter(Buffer.alloc(MAX_MESSAGE_OCTETS), limit);

describe('WireName', () => {
  it('reads escapes and keeps bytes; keys fold ASCII case only', () => {
    const escaped = name('A\\.b\\032c.\\255x.Example.');
    expect(escaped.labels.map((l) => [...l])).toEqual([
      [65, 46, 98, 32, 99],
      [255, 120],
      [69, 120, 97, 109, 112, 108, 101],
    ]);
    expect(escaped.toString()).toBe('A\\.b\\032c.\\255x.Example.');
    expect(escaped.key).toBe('a\\.b\\032c.\\255x.example');
    expect(escaped.suffixKey(2)).toBe('example');
    expect(escaped.isWithin(name('EXAMPLE.'))).toBe(true);
    expect(name('.').key).toBe('');
  });

  it('refuses empty labels, long labels and long names', () => {
    expect(() => name('a..b.')).toThrow();
    expect(() => name(`${'x'.repeat(64)}.`)).toThrow(/63/);
    expect(() => name(`${'x.'.repeat(128)}`)).toThrow(/255/);
  });

  it('round-trips through text for any bytes', () => {
    const label = fc.uint8Array({ minLength: 1, maxLength: 63 }).map((bytes) => Buffer.from(bytes));
    fc.assert(
      fc.property(fc.array(label, { minLength: 0, maxLength: 3 }), (labels) => {
        const parsed = name(WireName.fromLabels(labels).toString());
        expect(parsed.labels.map((l) => l.toString('hex'))).toEqual(labels.map((l) => l.toString('hex')));
      }),
    );
  });
});

describe('rdataToWire', () => {
  it.each(VALID)('%s %s encodes as dns-packet does', (type, _given, canonical) => {
    const ours = rdataBytes(rdataToWire(type, canonical));
    const answer = { type: 'UNKNOWN_1', name: 'x', data: ours } as unknown as packet.Answer;
    const message = packet.encode({ type: 'response', id: 1, answers: [answer] });
    // Let dns-packet decode our bytes as the type, where it has a codec; SVCB/HTTPS/CERT stay raw.
    message.writeUInt16BE(typeCode(type)!, 12 + 3);
    const decoded = packet.decode(message).answers![0];
    if (['SVCB', 'HTTPS', 'CERT'].includes(type)) return;
    expect(decoded.type).toBe(type);
    const again = packet.encode({ type: 'response', id: 1, answers: [decoded] });
    expect(again.subarray(12 + 13).toString('hex')).toBe(message.subarray(12 + 13).toString('hex'));
  });

  it('refuses types it cannot encode', () => {
    expect(() => rdataToWire('WKS', '192.0.2.1 6 25')).toThrow(/cannot be served/);
  });

  it('reads RFC 3597 generic rdata and refuses a wrong length', () => {
    expect(rdataToWire('SPF', '\\# 4 03616263')).toEqual(Buffer.from([3, 97, 98, 99]));
    expect(rdataToWire('TYPE4321', '\\# 3 abcdef')).toEqual(Buffer.from('abcdef', 'hex'));
    expect(() => rdataToWire('A', '\\# 5 c0000201')).toThrow(/length/);
  });
});

describe('MessageWriter and readMessage', () => {
  it('compresses names and writes what dns-packet reads', () => {
    const w = writer();
    const www = name('www.example.com.');
    w.question(www, TYPE_CODES.MX, CLASS_IN);
    w.record(Section.Answer, www, TYPE_CODES.MX, CLASS_IN, 300, rdataToWire('MX', '10 mail.example.com.'));
    w.record(Section.Answer, www, TYPE_CODES.MX, CLASS_IN, 300, rdataToWire('MX', '20 mail.example.com.'));
    const bytes = w.finish(7, 0x8400);
    const decoded = packet.decode(bytes);
    expect(decoded.answers).toMatchObject([
      { name: 'www.example.com', data: { preference: 10, exchange: 'mail.example.com' } },
      { name: 'www.example.com', data: { preference: 20, exchange: 'mail.example.com' } },
    ]);
    // question 21 + header 12; each answer: owner pointer 2 + 10 + MX 2 + "mail" 5 + pointer 2 (then 2)
    expect(bytes.length).toBe(12 + 21 + (2 + 10 + 2 + 5 + 2) + (2 + 10 + 2 + 2));
  });

  it('compresses by exact bytes: another letter case is written out', () => {
    const w = writer();
    w.question(name('WWW.example.com.'), 1, 1);
    w.record(Section.Answer, name('www.example.com.'), 1, 1, 60, rdataToWire('A', '192.0.2.1'));
    const message = readMessage(w.finish(1, 0x8000));
    expect(message.answers[0].name.toString()).toBe('www.example.com.');
  });

  it('leaves out a record that does not fit and forgets its names', () => {
    const w = writer(60);
    w.question(name('example.com.'), 16, 1);
    const big = rdataToWire('TXT', `"${'x'.repeat(40)}"`);
    expect(w.record(Section.Answer, name('a.example.com.'), 16, 1, 60, big)).toBe(false);
    expect(w.size).toBe(12 + 17);
    expect(w.record(Section.Answer, name('a.example.com.'), 1, 1, 60, rdataToWire('A', '192.0.2.1'))).toBe(
      true,
    );
    const message = readMessage(w.finish(1, 0x8000));
    expect(message.answers.map((r) => r.name.toString())).toEqual(['a.example.com.']);
  });

  it('writes names in later types out in full, but lets later names point at them (as BIND)', () => {
    const w = writer();
    w.question(name('x.dn.example.com.'), TYPE_CODES.A, CLASS_IN);
    const dname = rdataToWire('DNAME', 'long-target-name.example.net.');
    w.record(Section.Answer, name('dn.example.com.'), TYPE_CODES.DNAME, CLASS_IN, 60, dname);
    const sizeBeforeCname = w.size;
    const cname = rdataToWire('CNAME', 'x.long-target-name.example.net.');
    w.record(Section.Answer, name('x.dn.example.com.'), TYPE_CODES.CNAME, CLASS_IN, 60, cname);
    const bytes = w.finish(1, 0x8400);
    // The DNAME's target in full at the end of its record; the CNAME: owner pointer 2 + 10 + "x" 2 + pointer 2.
    const target = rdataBytes(dname);
    expect(bytes.subarray(sizeBeforeCname - target.length, sizeBeforeCname)).toEqual(target);
    expect(bytes.length - sizeBeforeCname).toBe(2 + 10 + 2 + 2);
    const message = readMessage(bytes);
    expect(expandedRdata(bytes, message.answers[1])).toEqual(rdataBytes(cname));
  });

  it('expands compressed names in rdata and reads EDNS', () => {
    const w = writer();
    w.question(name('example.com.'), 6, 1);
    const soa = 'ns1.example.com. hostmaster.example.com. 1 2 3 4 5';
    w.record(Section.Answer, name('example.com.'), 6, 1, 60, rdataToWire('SOA', soa));
    w.opt(1232, 0, 0, 0x8000);
    const bytes = w.finish(9, 0x8400);
    const message = readMessage(bytes);
    expect(expandedRdata(bytes, message.answers[0])).toEqual(rdataBytes(rdataToWire('SOA', soa)));
    expect(readEdns(message.additionals[0])).toMatchObject({
      udpPayloadSize: 1232,
      version: 0,
      flags: 0x8000,
    });
  });

  it('refuses pointer loops, forward pointers, truncation and trailing data', () => {
    const header = (qdcount: number) => Buffer.from([0, 1, 0, 0, 0, qdcount, 0, 0, 0, 0, 0, 0]);
    const loop = Buffer.concat([header(1), Buffer.from([0xc0, 12, 0, 1, 0, 1])]);
    const forward = Buffer.concat([header(1), Buffer.from([0xc0, 14, 0, 0, 1, 0, 1])]);
    const cut = Buffer.concat([header(1), Buffer.from([3, 97, 98])]);
    const trailing = Buffer.concat([header(1), Buffer.from([0, 0, 1, 0, 1, 9])]);
    for (const bad of [loop, forward, cut, trailing]) expect(() => readMessage(bad)).toThrow(FormatError);
    expect(readMessage(trailing.subarray(0, -1)).questions[0].name.key).toBe('');
  });
});
