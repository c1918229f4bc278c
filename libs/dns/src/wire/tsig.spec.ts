import { createHmac } from 'node:crypto';
import { readMessage } from './message-reader';
import { MessageWriter, Section } from './message-writer';
import {
  TSIG_ERROR,
  TsigError,
  TsigFormatError,
  TsigKey,
  TsigVerifier,
  signRequest,
  tsigErrorOf,
  verifyRequest,
} from './tsig';
import { CLASS_IN, TYPE_CODES } from './types';
import { WireName } from './wire-name';

const KEY: TsigKey = {
  name: 'xfr-key.',
  algorithm: 'hmac-sha256',
  secret: Buffer.from('secret').toString('base64'),
};
const NOW = 1_750_000_000_000;
const seconds = NOW / 1000;

/** The AXFR question of `id`, and an answer with one A record when `address` is given. */
function answer(id: number, address?: number): Buffer {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  const name = WireName.fromText('example.com.');
  writer.question(name, TYPE_CODES.AXFR, CLASS_IN);
  if (address === undefined) return writer.finish(id, 0);
  writer.record(Section.Answer, name, TYPE_CODES.A, CLASS_IN, 60, Buffer.from([192, 0, 2, address]));
  return writer.finish(id, 0x8400);
}

const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const wire = (name: string) => WireName.fromText(name).toWire();

interface SignOptions {
  time?: number;
  secret?: string;
  /** Unsigned messages since the last signed one, which this MAC covers too. */
  before?: Buffer[];
}

/**
 * An independent signer of answers, written from RFC 8945 §4.3 and §5.3.1 (the oracle of these tests):
 * `prior` the MAC the answer follows, `full` whether the full variables (the first answer) or the timers
 * only are covered.
 */
function signAnswer(message: Buffer, prior: Buffer, full: boolean, options: SignOptions = {}) {
  const { time = seconds, secret = KEY.secret, before = [] } = options;
  const timers = Buffer.concat([u16(0), Buffer.from([0, 0, 0, 0]), u16(300)]);
  timers.writeUInt32BE(time, 2);
  const variables = full
    ? Buffer.concat([wire(KEY.name), u16(255), Buffer.alloc(4), wire('hmac-sha256.'), timers, u16(0), u16(0)])
    : timers;
  const mac = createHmac('sha256', Buffer.from(secret, 'base64'))
    .update(Buffer.concat([u16(prior.length), prior, ...before, message, variables]))
    .digest();
  const rdata = Buffer.concat([
    wire('hmac-sha256.'),
    timers,
    u16(mac.length),
    mac,
    message.subarray(0, 2),
    u16(0),
    u16(0),
  ]);
  const record = Buffer.concat([
    wire(KEY.name),
    u16(TYPE_CODES.TSIG),
    u16(255),
    Buffer.alloc(4),
    u16(rdata.length),
    rdata,
  ]);
  const signed = Buffer.concat([message, record]);
  signed.writeUInt16BE(signed.readUInt16BE(10) + 1, 10);
  return { signed, mac };
}

describe('TSIG (RFC 8945)', () => {
  const request = () => signRequest(answer(7), KEY, NOW);
  const verifier = (requestMac: Buffer) => new TsigVerifier(KEY, requestMac, () => NOW);
  const verify = (v: TsigVerifier, raw: Buffer) => v.verify(raw, readMessage(raw));

  it('signs a request with a TSIG record the message reader reads back', () => {
    const { signed, requestMac } = request();
    const message = readMessage(signed);
    expect(message.additionals.map((r) => r.type)).toEqual([TYPE_CODES.TSIG]);
    expect(message.additionals[0].name.toString()).toBe('xfr-key.');
    expect(requestMac).toHaveLength(32);
  });

  it('verifies a run of answers: the first on the request MAC, later ones on the previous MAC, unsigned ones in between', () => {
    const { requestMac } = request();
    const v = verifier(requestMac);
    const first = signAnswer(answer(7, 1), requestMac, true);
    verify(v, first.signed);
    const unsigned = answer(7, 2);
    verify(v, unsigned);
    verify(v, signAnswer(answer(7, 3), first.mac, false, { before: [unsigned] }).signed);
    expect(() => v.finish()).not.toThrow();
  });

  it('refuses an unsigned first answer, a tampered one, another key and a stale signature', () => {
    const { requestMac } = request();
    expect(() => verify(verifier(requestMac), answer(7, 1))).toThrow('the answer is not signed');
    const tampered = Buffer.from(signAnswer(answer(7, 1), requestMac, true).signed);
    tampered[answer(7, 1).length - 1] ^= 1; // the A record's last octet
    expect(() => verify(verifier(requestMac), tampered)).toThrow(/BADSIG/);
    const otherSecret = signAnswer(answer(7, 1), requestMac, true, {
      secret: Buffer.from('other').toString('base64'),
    });
    expect(() => verify(verifier(requestMac), otherSecret.signed)).toThrow(/BADSIG/);
    const stale = signAnswer(answer(7, 1), requestMac, true, { time: seconds - 301 });
    expect(() => verify(verifier(requestMac), stale.signed)).toThrow(/BADTIME/);
    expect(() =>
      verify(verifier(Buffer.alloc(32)), signAnswer(answer(7, 1), requestMac, true).signed),
    ).toThrow(TsigError);
  });

  it('refuses a transfer whose last answer is unsigned', () => {
    const { requestMac } = request();
    const v = verifier(requestMac);
    verify(v, signAnswer(answer(7, 1), requestMac, true).signed);
    verify(v, answer(7, 2));
    expect(() => v.finish()).toThrow('the last message is not signed');
  });

  describe('the server half', () => {
    const lookup = (name: WireName) => (name.equals(WireName.fromText(KEY.name)) ? KEY : undefined);
    const serverVerify = (raw: Buffer, now = NOW) => verifyRequest(raw, readMessage(raw), lookup, () => now);

    it('verifies a signed request and signs every answer so that the client half verifies them', () => {
      const { signed, requestMac } = request();
      const verified = serverVerify(signed)!;
      expect(verified).toMatchObject({ key: KEY, error: 0 });
      const v = verifier(requestMac);
      const answers = [answer(7, 1), answer(7, 2), answer(7, 3)].map((a) => verified.sign(a));
      for (const raw of answers) verify(v, raw);
      expect(() => v.finish()).not.toThrow();
      expect(answers[0].length - answer(7, 1).length).toBe(verified.octets - 6);
    });

    it('answers the oracle: the first answer is the one RFC 8945 §4.3 computes', () => {
      const { signed, requestMac } = request();
      expect(serverVerify(signed)!.sign(answer(7, 1))).toEqual(
        signAnswer(answer(7, 1), requestMac, true).signed,
      );
    });

    it('leaves unsigned requests alone, and finds a TSIG record whose fields overrun it malformed', () => {
      expect(serverVerify(answer(7))).toBeUndefined();
      const { signed } = request();
      const cut = Buffer.from(signed);
      cut.writeUInt16BE(cut.readUInt16BE(cut.length - 2) + 1, cut.length - 2); // other length past the end
      expect(() => serverVerify(cut)).toThrow(TsigFormatError);
      const looping = Buffer.from(signed);
      const algorithmAt = readMessage(signed).additionals[0].rdataOffset;
      looping.writeUInt16BE(0xc000 | algorithmAt, algorithmAt); // the algorithm name points at itself
      expect(() => serverVerify(looping)).toThrow(TsigFormatError);
    });

    it('refuses an unknown key (BADKEY) and a bad MAC (BADSIG) with an unsigned TSIG record', () => {
      const other = { ...KEY, name: 'unknown.' };
      const badKey = serverVerify(signRequest(answer(7), other, NOW).signed)!;
      expect(badKey).toEqual({
        error: TSIG_ERROR.BADKEY,
        octets: expect.any(Number),
        sign: expect.any(Function),
      });
      const wrongAlgorithm = serverVerify(
        signRequest(answer(7), { ...KEY, algorithm: 'hmac-sha1' }, NOW).signed,
      )!;
      expect(wrongAlgorithm.error).toBe(TSIG_ERROR.BADKEY);
      const badSig = serverVerify(
        signRequest(answer(7), { ...KEY, secret: Buffer.from('other').toString('base64') }, NOW).signed,
      )!;
      expect(badSig).toEqual({
        error: TSIG_ERROR.BADSIG,
        octets: expect.any(Number),
        sign: expect.any(Function),
      });
      const response = badSig.sign(answer(7, 1));
      expect(tsigErrorOf(response, readMessage(response))).toBe('BADSIG');
      expect(response.length - answer(7, 1).length).toBe(badSig.octets);
      const tampered = Buffer.from(request().signed);
      tampered.writeUInt16BE(8, 0);
      expect(serverVerify(tampered)!.error).toBe(0); // the original id is what the MAC covers
      tampered[13] ^= 1; // a question label octet
      expect(serverVerify(tampered)!.error).toBe(TSIG_ERROR.BADSIG);
    });

    it('answers a request signed out of the window with a signed BADTIME carrying its own time', () => {
      const { signed, requestMac } = request();
      const late = serverVerify(signed, NOW + 301_000)!;
      expect(late).toMatchObject({ key: KEY, error: TSIG_ERROR.BADTIME });
      const response = late.sign(answer(7, 1));
      expect(tsigErrorOf(response, readMessage(response))).toBe('BADTIME');
      expect(() => verify(verifier(requestMac), response)).toThrow('TSIG BADTIME');
    });
  });
});
