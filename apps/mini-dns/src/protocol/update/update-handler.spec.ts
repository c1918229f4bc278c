import {
  CLASS_ANY,
  CLASS_IN,
  MessageWriter,
  Section,
  TYPE_CODES,
  TsigKey,
  TsigVerifier,
  WireName,
  rdataToWire,
  rcodeName,
  readMessage,
  signRequest,
  tsigErrorOf,
} from '@zonewarden/dns';
import type { GrantKey, ServedZonesService, UpdateResult } from '@zonewarden/domain';
import { MiniDnsConfig } from '../../mini-dns.config';
import { ZoneStore } from '../../zone/zone-store.service';
import { NO_SECONDARIES, changeLog, transferKeys, zoneContent } from '../../zone/zones.fixtures';
import { Responder } from '../responder';
import { updateHandler } from './updates.fixtures';

const contents = [zoneContent('example.com.', ['www.example.com. A 192.0.2.1'])];
const storage = {
  servedZoneNames: async (after: string) => (after ? [] : ['example.com']),
  servedAmong: async () => ['example.com.'],
  load: async (name: string) => contents.find((c) => c.name === name) ?? null,
} as unknown as ServedZonesService;
const store = new ZoneStore(storage, changeLog().repository, new MiniDnsConfig());
const UPDATER: GrantKey = {
  grantId: 'g1',
  name: 'updater.',
  algorithm: 'hmac-sha256',
  secret: Buffer.from('update key').toString('base64'),
  allowTransfer: false,
};
/** A /v2/tsigkeys key: the server holds it, but it is no grant of the zone. */
const POOL_KEY: TsigKey = {
  name: 'pool.',
  algorithm: 'hmac-sha256',
  secret: Buffer.from('pool').toString('base64'),
};
let result: UpdateResult = { rcode: 'NOERROR', serial: 2 };
let failure: Error | undefined;
const { handler, requests } = updateHandler(store, async () => {
  if (failure) throw failure;
  return result;
});
const responder = new Responder(
  store,
  NO_SECONDARIES,
  transferKeys([POOL_KEY], {}, { 'example.com.': [UPDATER] }),
  handler,
);

interface Message {
  zone?: string;
  zoneType?: number;
  /** [owner, type, class, ttl, data] of the update section. */
  updates?: [string, number, number, number, string | Buffer | null][];
}

function message({ zone = 'example.com.', zoneType = TYPE_CODES.SOA, updates = [] }: Message): Buffer {
  const writer = new MessageWriter(Buffer.alloc(4096), 4096);
  writer.question(WireName.fromText(zone), zoneType, CLASS_IN);
  writer.record(
    Section.Answer,
    WireName.fromText('www.example.com.'),
    TYPE_CODES.A,
    CLASS_ANY,
    0,
    Buffer.alloc(0),
  );
  for (const [owner, type, klass, ttl, data] of updates) {
    const rdata =
      data === null ? Buffer.alloc(0) : typeof data === 'string' ? rdataToWire('TXT', data) : data;
    writer.record(Section.Authority, WireName.fromText(owner), type, klass, ttl, rdata);
  }
  return writer.finish(0x1234, 5 << 11);
}
const ADD_TXT: Message = {
  updates: [['_acme-challenge.example.com.', TYPE_CODES.TXT, CLASS_IN, 60, '"token"']],
};

/** The answer's rcode and TSIG error, verified with `key` when it signed the request and the answer is signed. */
async function send(raw: Buffer, key?: TsigKey, transport: 'udp' | 'tcp' = 'udp') {
  let request = raw;
  let verifier: TsigVerifier | undefined;
  if (key) {
    const signed = signRequest(raw, key);
    request = signed.signed;
    verifier = new TsigVerifier(key, signed.requestMac);
  }
  const { messages } = await responder.respond(request, transport);
  expect(messages).toHaveLength(1);
  const reply = readMessage(messages[0]);
  const tsigError = tsigErrorOf(messages[0], reply);
  if (verifier && !tsigError) verifier.verify(messages[0], reply);
  return {
    rcode: rcodeName(reply.flags & 0x0f),
    opcode: reply.opcode,
    zone: reply.questions.map((q) => q.name.toString()),
    signed: reply.additionals.some((r) => r.type === TYPE_CODES.TSIG),
    tsigError,
  };
}

beforeAll(() => store.ready());
afterAll(() => store.onApplicationShutdown());
beforeEach(() => {
  requests.length = 0;
  result = { rcode: 'NOERROR', serial: 2 };
  failure = undefined;
});

describe('UpdateHandler (behind the Responder)', () => {
  it('hands a signed update to the door and answers its rcode, signed with the same key, over UDP and TCP', async () => {
    for (const transport of ['udp', 'tcp'] as const) {
      requests.length = 0;
      expect(await send(message(ADD_TXT), UPDATER, transport)).toEqual({
        rcode: 'NOERROR',
        opcode: 5,
        zone: ['example.com.'],
        signed: true,
        tsigError: undefined,
      });
      expect(requests).toEqual([
        {
          zoneName: 'example.com.',
          keyName: 'updater.',
          prerequisites: [{ name: 'www.example.com.', class: 'ANY', type: 'A', ttl: 0, data: null }],
          updates: [
            { name: '_acme-challenge.example.com.', class: 'IN', type: 'TXT', ttl: 60, data: '"token"' },
          ],
        },
      ]);
    }
  });

  it("answers the door's refusals with their rcodes", async () => {
    for (const rcode of [
      'NXDOMAIN',
      'YXDOMAIN',
      'NXRRSET',
      'YXRRSET',
      'NOTZONE',
      'REFUSED',
      'FORMERR',
      'NOTAUTH',
      'SERVFAIL',
    ] as const) {
      result = { rcode, reason: 'spec' };
      expect(await send(message(ADD_TXT), UPDATER)).toMatchObject({ rcode, signed: true });
    }
  });

  it('refuses an unsigned update and NOTAUTHs a zone not served here, without asking the door', async () => {
    expect(await send(message(ADD_TXT))).toMatchObject({ rcode: 'REFUSED', signed: false });
    expect(await send(message({ ...ADD_TXT, zone: 'www.example.com.' }), UPDATER)).toMatchObject({
      rcode: 'NOTAUTH',
      signed: true,
    });
    expect(await send(message({ ...ADD_TXT, zone: 'example.org.' }))).toMatchObject({ rcode: 'NOTAUTH' });
    expect(requests).toEqual([]);
  });

  it('answers BADKEY, BADSIG and BADTIME as RFC 8945 says, without asking the door', async () => {
    const unknown = await send(message(ADD_TXT), { ...UPDATER, name: 'stranger.' });
    expect(unknown).toMatchObject({ rcode: 'NOTAUTH', tsigError: 'BADKEY' });
    const md5 = await send(message(ADD_TXT), { ...UPDATER, algorithm: 'hmac-md5' });
    expect(md5).toMatchObject({ rcode: 'NOTAUTH', tsigError: 'BADKEY' });
    const forged = await send(message(ADD_TXT), {
      ...UPDATER,
      secret: Buffer.from('guess').toString('base64'),
    });
    expect(forged).toMatchObject({ rcode: 'NOTAUTH', tsigError: 'BADSIG' });
    const old = signRequest(message(ADD_TXT), UPDATER, Date.now() - 3600_000).signed;
    const [late] = (await responder.respond(old, 'udp')).messages;
    expect(tsigErrorOf(late, readMessage(late))).toBe('BADTIME');
    expect(requests).toEqual([]);
  });

  it('hands an update signed with a key of no grant to the door (which answers NOTAUTH)', async () => {
    result = { rcode: 'NOTAUTH', reason: 'no grant' };
    expect(await send(message(ADD_TXT), POOL_KEY)).toMatchObject({ rcode: 'NOTAUTH', tsigError: undefined });
    expect(requests[0].keyName).toBe('pool.');
  });

  it('answers FORMERR to a zone section that is no SOA and to rdata that does not decode', async () => {
    expect(await send(message({ ...ADD_TXT, zoneType: TYPE_CODES.A }), UPDATER)).toMatchObject({
      rcode: 'FORMERR',
    });
    const broken = message({
      updates: [['www.example.com.', TYPE_CODES.MX, CLASS_IN, 60, Buffer.from([0, 1, 0xc0])]],
    });
    expect(await send(broken, UPDATER)).toMatchObject({ rcode: 'FORMERR', signed: true });
    expect(requests).toEqual([]);
  });

  it('answers FORMERR to a TSIG record outside the additional section, even as the last record', async () => {
    const signed = signRequest(message(ADD_TXT), UPDATER).signed;
    const tsig = signed.subarray(readMessage(signed).additionals[0].start);
    const plain = message(ADD_TXT);
    const inUpdates = Buffer.concat([plain, tsig]);
    inUpdates.writeUInt16BE(plain.readUInt16BE(8) + 1, 8);
    expect(await send(inUpdates)).toMatchObject({ rcode: 'FORMERR', signed: false });
    expect(requests).toEqual([]);
  });

  it('answers SERVFAIL, signed, when the door fails', async () => {
    failure = new Error('a bug');
    expect(await send(message(ADD_TXT), UPDATER)).toMatchObject({ rcode: 'SERVFAIL', signed: true });
  });
});
