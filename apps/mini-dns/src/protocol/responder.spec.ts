import {
  CLASS_IN,
  EDNS_DO,
  FLAG,
  MAX_MESSAGE_OCTETS,
  MessageWriter,
  OPCODE,
  RCODE,
  TYPE_CODES,
  TsigKey,
  TsigVerifier,
  WireName,
  readEdns,
  readMessage,
  rcodeName,
  signRequest,
  tsigErrorOf,
} from '@zonewarden/dns';
import type { GrantKey, ServedZonesService } from '@zonewarden/domain';
import type { ZoneContent } from '@zonewarden/persistence';
import { MiniDnsConfig } from '../mini-dns.config';
import { ZoneStore } from '../zone/zone-store.service';
import {
  NO_SECONDARIES,
  changeLog,
  incrementalTransfers,
  transferKeys,
  zoneContent,
} from '../zone/zones.fixtures';
import { Responder } from './responder';
import { TRANSFER_MESSAGE_OCTETS } from './transfer';
import { updateHandler } from './update/updates.fixtures';

const addresses = Array.from({ length: 1200 }, (_, i) => `big.example.com. A 192.0.${i >> 8}.${i & 255}`);
const longText = `"${'t'.repeat(250)}"`;
const hugeTxt = Array.from(
  { length: 3 },
  (_, i) => `huge.example.com. TXT "${i}" ${Array(110).fill(longText).join(' ')}`,
);
const contents: ZoneContent[] = [
  zoneContent('example.com.', [
    ...addresses,
    ...hugeTxt,
    ...Array.from({ length: 30 }, (_, i) => `mid.example.com. A 198.51.100.${i}`),
    'svc.example.com. SVCB 1 . alpn=h2',
    'www.example.com. HTTPS 1 . alpn=h3',
    ...Array.from(
      { length: 12 },
      (_, i) => `deleg.example.com. NS ns${i}-${'n'.repeat(40)}.deleg.example.com.`,
    ),
    ...Array.from({ length: 12 }, (_, i) => `ns${i}-${'n'.repeat(40)}.deleg.example.com. A 192.0.2.${i}`),
  ]),
];
let failing = false;
const storage = {
  servedZoneNames: async (after: string) => (after ? [] : contents.map((c) => c.name.slice(0, -1))),
  servedAmong: async (names: string[]) => contents.map((c) => c.name).filter((n) => names.includes(n)),
  load: async (name: string) => {
    if (failing) throw new Error('storage is down');
    return contents.find((c) => c.name === name) ?? null;
  },
} as unknown as ServedZonesService;
const changes = changeLog();
const store = new ZoneStore(storage, changes.repository, new MiniDnsConfig());
const KEY: TsigKey = {
  name: 'xfr.example.',
  algorithm: 'hmac-sha256',
  secret: Buffer.from('pool key').toString('base64'),
};
/** A key the server holds that is not one of example.com.'s. */
const OTHER: TsigKey = {
  ...KEY,
  name: 'other.example.',
  secret: Buffer.from('other key').toString('base64'),
};
const zoneKeys: Record<string, string[]> = {};
/** Update grants' keys (docs/dns-updates.md): example.com.'s, one of which may transfer it, and another zone's. */
const grantKey = (name: string, allowTransfer: boolean, secret = name): GrantKey => ({
  grantId: name,
  name,
  algorithm: 'hmac-sha512',
  secret: Buffer.from(secret).toString('base64'),
  allowTransfer,
});
const READER = grantKey('reader.', true);
const UPDATER = grantKey('updater.', false);
const ELSEWHERE = grantKey('elsewhere.', true);
const grants = { 'example.com.': [READER, UPDATER], 'example.org.': [ELSEWHERE] };
const responder = new Responder(
  store,
  NO_SECONDARIES,
  transferKeys([KEY, OTHER], zoneKeys, grants),
  updateHandler(store).handler,
  incrementalTransfers(),
);

interface Ask {
  name?: string;
  type?: number;
  klass?: number;
  flags?: number;
  opcode?: number;
  edns?: { size?: number; version?: number; do?: boolean };
  transport?: 'udp' | 'tcp';
}

function query({
  name = 'example.com.',
  type = TYPE_CODES.SOA,
  klass = CLASS_IN,
  flags = 0,
  opcode = 0,
  edns,
}: Ask) {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(WireName.fromText(name), type, klass);
  if (edns) writer.opt(edns.size ?? 1232, 0, edns.version ?? 0, edns.do ? EDNS_DO : 0);
  return writer.finish(0x4242, flags | (opcode << 11));
}

async function ask(options: Ask) {
  const { messages } = await responder.respond(query(options), options.transport ?? 'udp');
  return messages.map((bytes) => {
    const message = readMessage(bytes);
    const opt = message.additionals.find((r) => r.type === TYPE_CODES.OPT);
    const edns = opt && readEdns(opt);
    return {
      size: bytes.length,
      id: message.id,
      rcode: rcodeName((message.flags & 0x0f) | ((edns?.extendedRcode ?? 0) << 4)),
      opcode: message.opcode,
      aa: Boolean(message.flags & FLAG.AA),
      tc: Boolean(message.flags & FLAG.TC),
      flags: message.flags,
      edns,
      questions: message.questions.map((q) => q.name.toString()),
      answers: message.answers,
      authorities: message.authorities,
      additionals: message.additionals.filter((r) => r.type !== TYPE_CODES.OPT),
    };
  });
}

beforeAll(() => store.ready());
afterAll(() => store.onApplicationShutdown());

describe('Responder', () => {
  it('answers with the id, the question as sent, AA, RD and CD copied, never RA or AD', async () => {
    const [reply] = await ask({ name: 'ExAmple.COM.', flags: FLAG.RD | FLAG.CD | FLAG.AD });
    expect(reply).toMatchObject({ id: 0x4242, rcode: 'NOERROR', aa: true, questions: ['ExAmple.COM.'] });
    expect(reply.flags & (FLAG.RD | FLAG.CD | FLAG.RA | FLAG.AD)).toBe(FLAG.RD | FLAG.CD);
    expect(reply.answers).toHaveLength(1);
  });

  it('answers SVCB and HTTPS queries by type number', async () => {
    expect((await ask({ name: 'svc.example.com.', type: 64 }))[0].answers).toHaveLength(1);
    expect((await ask({ name: 'www.example.com.', type: 65 }))[0].answers).toHaveLength(1);
  });

  it('echoes EDNS with our payload size and the DO bit, and answers BADVERS to EDNS versions above 0', async () => {
    const [plain] = await ask({ edns: {} });
    expect(plain.edns).toMatchObject({ udpPayloadSize: 1232, version: 0, flags: 0 });
    expect((await ask({ edns: { do: true } }))[0].edns?.flags).toBe(EDNS_DO);
    const [badvers] = await ask({ edns: { version: 1 } });
    expect(badvers).toMatchObject({ rcode: 'BADVERS', aa: false, answers: [] });
    expect(badvers.edns?.version).toBe(0);
  });

  it('keeps the opcode; NOTIMP for opcodes it does not serve, NOTIFY acknowledged, UPDATE refused', async () => {
    expect((await ask({ opcode: OPCODE.STATUS }))[0]).toMatchObject({
      opcode: 2,
      rcode: 'NOTIMP',
      questions: [],
    });
    expect((await ask({ opcode: 3 }))[0]).toMatchObject({ opcode: 3, rcode: 'NOTIMP' });
    expect((await ask({ opcode: OPCODE.NOTIFY }))[0]).toMatchObject({
      opcode: 4,
      rcode: 'NOERROR',
      aa: true,
    });
    expect((await ask({ opcode: OPCODE.NOTIFY, name: 'example.org.' }))[0].rcode).toBe('NOTAUTH');
    expect((await ask({ opcode: OPCODE.NOTIFY, type: TYPE_CODES.A }))[0].rcode).toBe('FORMERR');
    expect((await ask({ opcode: OPCODE.UPDATE }))[0]).toMatchObject({ opcode: 5, rcode: 'REFUSED' });
  });

  it('refuses other classes and zones, FORMERR for class ANY and meta types, NOTIMP for MAILA', async () => {
    expect((await ask({ klass: 3 }))[0].rcode).toBe('REFUSED');
    expect((await ask({ klass: 255 }))[0].rcode).toBe('FORMERR');
    expect((await ask({ name: 'example.org.' }))[0]).toMatchObject({ rcode: 'REFUSED', aa: false });
    expect((await ask({ type: TYPE_CODES.OPT }))[0].rcode).toBe('FORMERR');
    expect((await ask({ type: TYPE_CODES.MAILA }))[0].rcode).toBe('NOTIMP');
  });

  it('answers FORMERR to malformed messages and nothing to responses or short ones', async () => {
    const garbage = Buffer.concat([
      Buffer.from([0x12, 0x34, 0, 0, 0, 1]),
      Buffer.alloc(6),
      Buffer.from([0xc0, 12]),
    ]);
    const { messages } = await responder.respond(garbage, 'udp');
    expect(readMessage(messages[0])).toMatchObject({ id: 0x1234, flags: FLAG.QR | RCODE.FORMERR });
    expect((await responder.respond(Buffer.from([1, 2, 3]), 'udp')).messages).toEqual([]);
    const response = query({});
    response[2] |= 0x80;
    expect((await responder.respond(response, 'udp')).messages).toEqual([]);
  });

  it('truncates over UDP: 512 octets without EDNS, 1232 with, TC and the question alone', async () => {
    const [plain] = await ask({ name: 'mid.example.com.', type: TYPE_CODES.A });
    expect(plain).toMatchObject({ tc: true, answers: [], authorities: [], additionals: [] });
    const [edns] = await ask({ name: 'mid.example.com.', type: TYPE_CODES.A, edns: { size: 4096 } });
    expect(edns).toMatchObject({ tc: false });
    expect(edns.answers).toHaveLength(30);
    const [big] = await ask({ name: 'big.example.com.', type: TYPE_CODES.A, edns: { size: 4096 } });
    expect(big.tc).toBe(true);
    expect(big.size).toBeLessThanOrEqual(1232);
  });

  it('keeps what fits of a referral that does not fit, with TC (as BIND)', async () => {
    const [referral] = await ask({ name: 'x.deleg.example.com.', type: TYPE_CODES.A });
    expect(referral.tc).toBe(true);
    expect(referral.authorities.length).toBeGreaterThan(0);
    expect(referral.authorities.length).toBeLessThan(12);
    expect(referral.size).toBeLessThanOrEqual(512);
    const [fits] = await ask({ name: 'x.deleg.example.com.', type: TYPE_CODES.A, edns: {} });
    expect(fits).toMatchObject({ tc: false, aa: false });
    expect(fits.authorities).toHaveLength(12);
    expect(fits.additionals).toHaveLength(12);
  });

  it('answers in full over TCP, and with TC where 65,535 octets cannot hold the answer', async () => {
    const [big] = await ask({ name: 'big.example.com.', type: TYPE_CODES.A, transport: 'tcp' });
    expect(big.answers).toHaveLength(1200);
    const [huge] = await ask({ name: 'huge.example.com.', type: TYPE_CODES.TXT, transport: 'tcp' });
    expect(huge).toMatchObject({ rcode: 'NOERROR', tc: true, answers: [] });
    expect(huge.size).toBeLessThanOrEqual(MAX_MESSAGE_OCTETS);
  });

  it('transfers a zone over TCP in messages of about 16 KB, SOA first and last', async () => {
    const messages = await ask({ type: TYPE_CODES.AXFR, transport: 'tcp', edns: {} });
    const records = messages.flatMap((m) => m.answers);
    expect(messages.length).toBeGreaterThan(3);
    expect(messages.every((m) => m.edns && m.aa)).toBe(true);
    // A message closes once past 16 KB: only by its last record, which may be large (the TXT ones).
    const withoutTxt = messages.filter((m) => m.answers.every((r) => r.type !== TYPE_CODES.TXT));
    expect(withoutTxt.length).toBeGreaterThan(1);
    expect(withoutTxt.every((m) => m.size <= TRANSFER_MESSAGE_OCTETS + 16)).toBe(true);
    expect(messages[0].questions).toEqual(['example.com.']);
    expect(messages[1].questions).toEqual([]);
    expect(records[0].type).toBe(TYPE_CODES.SOA);
    expect(records[records.length - 1].type).toBe(TYPE_CODES.SOA);
    expect(records.filter((r) => r.type === TYPE_CODES.SOA)).toHaveLength(2);
  });

  it('refuses transfers of a name that is not a zone apex (NOTAUTH) and AXFR over UDP (FORMERR)', async () => {
    expect((await ask({ name: 'big.example.com.', type: TYPE_CODES.AXFR, transport: 'tcp' }))[0].rcode).toBe(
      'NOTAUTH',
    );
    expect((await ask({ name: 'example.org.', type: TYPE_CODES.AXFR, transport: 'tcp' }))[0].rcode).toBe(
      'NOTAUTH',
    );
    expect((await ask({ type: TYPE_CODES.AXFR }))[0].rcode).toBe('FORMERR');
    // An IXFR without the client's SOA in its authority section (ixfr.spec.ts has those with it).
    expect((await ask({ type: TYPE_CODES.IXFR }))[0].rcode).toBe('FORMERR');
  });

  it('keeps answering from the last copy while storage fails (serve-stale)', async () => {
    await ask({ name: 'svc.example.com.', type: 64 });
    failing = true;
    try {
      // The zone changed: its reload fails.
      changes.change('example.com.');
      await store.catchUp();
      const [reply] = await ask({ name: 'svc.example.com.', type: 64 });
      expect(reply).toMatchObject({ rcode: 'NOERROR', aa: true });
      expect(reply.answers).toHaveLength(1);
    } finally {
      failing = false;
    }
  });

  describe('TSIG (RFC 8945)', () => {
    beforeEach(() => (zoneKeys['example.com.'] = [KEY.name]));
    afterEach(() => delete zoneKeys['example.com.']);
    const signedAsk = async (key: TsigKey, options: Ask) => {
      const { signed, requestMac } = signRequest(query(options), key);
      const { messages } = await responder.respond(signed, options.transport ?? 'udp');
      return { messages, verifier: new TsigVerifier(key, requestMac) };
    };
    const rcodeOf = (bytes: Buffer) => rcodeName(readMessage(bytes).flags & 0x0f);

    it('transfers a zone with keys only to a request signed with one of them, every message signed', async () => {
      expect((await ask({ type: TYPE_CODES.AXFR, transport: 'tcp' }))[0].rcode).toBe('REFUSED');
      expect((await ask({ type: TYPE_CODES.IXFR }))[0].rcode).toBe('REFUSED');
      const { messages, verifier } = await signedAsk(KEY, { type: TYPE_CODES.AXFR, transport: 'tcp' });
      expect(messages.length).toBeGreaterThan(1);
      for (const bytes of messages) verifier.verify(bytes, readMessage(bytes));
      expect(() => verifier.finish()).not.toThrow();
      const other = await signedAsk(OTHER, { type: TYPE_CODES.AXFR, transport: 'tcp' });
      expect(other.messages.map(rcodeOf)).toEqual(['REFUSED']);
      other.verifier.verify(other.messages[0], readMessage(other.messages[0]));
    });

    it('answers an unknown key NOTAUTH/BADKEY and a bad MAC NOTAUTH/BADSIG, unsigned', async () => {
      const unknown = await signedAsk(
        { ...KEY, name: 'nobody.example.' },
        { type: TYPE_CODES.AXFR, transport: 'tcp' },
      );
      expect(unknown.messages.map(rcodeOf)).toEqual(['NOTAUTH']);
      expect(tsigErrorOf(unknown.messages[0], readMessage(unknown.messages[0]))).toBe('BADKEY');
      const forged = await signedAsk(
        { ...KEY, secret: Buffer.from('guess').toString('base64') },
        { type: TYPE_CODES.SOA },
      );
      expect(forged.messages.map(rcodeOf)).toEqual(['NOTAUTH']);
      expect(tsigErrorOf(forged.messages[0], readMessage(forged.messages[0]))).toBe('BADSIG');
    });

    it('answers signed queries of other types signed, and needs no key for them', async () => {
      expect((await ask({}))[0].rcode).toBe('NOERROR');
      const { messages, verifier } = await signedAsk(KEY, { type: TYPE_CODES.SOA, edns: {} });
      expect(messages.map(rcodeOf)).toEqual(['NOERROR']);
      verifier.verify(messages[0], readMessage(messages[0]));
    });

    it("transfers a zone to its update grants' keys that may transfer it, whatever its tsigkeys", async () => {
      for (const keyed of [true, false]) {
        if (!keyed) delete zoneKeys['example.com.'];
        const reader = await signedAsk(READER, { type: TYPE_CODES.AXFR, transport: 'tcp' });
        expect(reader.messages.length).toBeGreaterThan(1);
        for (const bytes of reader.messages) reader.verifier.verify(bytes, readMessage(bytes));
        reader.verifier.finish();
        const updater = await signedAsk(UPDATER, { type: TYPE_CODES.AXFR, transport: 'tcp' });
        expect(updater.messages.map(rcodeOf)).toEqual(['REFUSED']);
        updater.verifier.verify(updater.messages[0], readMessage(updater.messages[0]));
      }
      // Another zone's grant key is no key here, even where a grant of that name may transfer.
      const elsewhere = await signedAsk(ELSEWHERE, { type: TYPE_CODES.AXFR, transport: 'tcp' });
      expect(elsewhere.messages.map(rcodeOf)).toEqual(['NOTAUTH']);
      expect(tsigErrorOf(elsewhere.messages[0], readMessage(elsewhere.messages[0]))).toBe('BADKEY');
    });

    it("answers queries signed with a grant's key signed, below the apex too (certbot's SOA lookup)", async () => {
      for (const name of ['example.com.', '_acme-challenge.www.example.com.', 'nowhere.example.com.']) {
        const { messages, verifier } = await signedAsk(UPDATER, { name, type: TYPE_CODES.SOA });
        expect(messages).toHaveLength(1);
        expect(readMessage(messages[0]).flags & FLAG.AA).toBeTruthy();
        verifier.verify(messages[0], readMessage(messages[0]));
      }
      const forged = await signedAsk(grantKey('updater.', false, 'a guess'), { type: TYPE_CODES.SOA });
      expect(tsigErrorOf(forged.messages[0], readMessage(forged.messages[0]))).toBe('BADSIG');
    });

    it("finds a grant's key of a zone whose records are not in memory yet (its name is enough)", async () => {
      const cold = new ZoneStore(storage, changeLog().repository, new MiniDnsConfig());
      await cold.ready();
      try {
        const fresh = new Responder(
          cold,
          NO_SECONDARIES,
          transferKeys([], {}, grants),
          updateHandler(cold).handler,
          incrementalTransfers(),
        );
        const { signed, requestMac } = signRequest(
          query({ name: 'mid.example.com.', type: TYPE_CODES.A }),
          UPDATER,
        );
        const { messages } = await fresh.respond(signed, 'udp');
        expect(messages.map(rcodeOf)).toEqual(['NOERROR']);
        new TsigVerifier(UPDATER, requestMac).verify(messages[0], readMessage(messages[0]));
      } finally {
        await cold.onApplicationShutdown();
      }
    });

    it('answers a TSIG record that is not the last record FORMERR', async () => {
      const { signed } = signRequest(query({ type: TYPE_CODES.SOA }), KEY);
      const writer = new MessageWriter(Buffer.alloc(64), 64);
      writer.opt(1232, 0, 0, 0);
      const opt = writer.finish(0, 0).subarray(12);
      const misplaced = Buffer.concat([signed, opt]);
      misplaced.writeUInt16BE(misplaced.readUInt16BE(10) + 1, 10);
      const { messages } = await responder.respond(misplaced, 'udp');
      expect(messages.map(rcodeOf)).toEqual(['FORMERR']);
    });
  });
});
