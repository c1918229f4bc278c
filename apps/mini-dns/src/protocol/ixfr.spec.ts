import {
  CLASS_IN,
  FLAG,
  MessageWriter,
  RCODE,
  Section,
  TYPE_CODES,
  TsigKey,
  TsigVerifier,
  WireName,
  rdataToWire,
  readMessage,
  signRequest,
} from '@zonewarden/dns';
import type { ServedZonesService, TransferRecord, TransferredZone } from '@zonewarden/domain';
import { MiniDnsConfig } from '../mini-dns.config';
import { ZoneStore } from '../zone/zone-store.service';
import { buildZoneTree } from '../zone/zone-tree';
import {
  NO_SECONDARIES,
  changeLog,
  incrementalTransfers,
  transferKeys,
  zoneContent,
} from '../zone/zones.fixtures';
import { clientSerial } from './ixfr';
import { Responder } from './responder';
import { zoneRecords } from './transfer';
import { updateHandler } from './update/updates.fixtures';

const APEX = 'example.com.';
const SOA_DATA = (serial: number) => `ns1.${APEX} hostmaster.${APEX} ${serial} 3600 600 86400 60`;
const content = zoneContent(
  APEX,
  Array.from({ length: 40 }, (_, i) => `h${i}.${APEX} A 192.0.2.${i}`),
  12,
);
const tree = buildZoneTree(content);
const soa = (serial: number): TransferRecord => ({
  name: APEX,
  type: 'SOA',
  ttl: 300,
  data: SOA_DATA(serial),
});
const a = (host: string, address: string): TransferRecord => ({
  name: `${host}.${APEX}`,
  type: 'A',
  ttl: 300,
  data: address,
});
/** One change of serial 11 to 12: h0 moved. */
const DIFFERENCES = [soa(12), soa(11), a('h0', '192.0.2.99'), soa(12), a('h0', '192.0.2.0'), soa(12)];

/** An IXFR request for `apex` from `serial` (the client's SOA in the authority section, RFC 1995 §3). */
function ixfrRequest(serial?: number, apex = APEX): Buffer {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(WireName.fromText(APEX), TYPE_CODES.IXFR, CLASS_IN);
  if (serial !== undefined)
    writer.record(
      Section.Authority,
      WireName.fromText(apex),
      TYPE_CODES.SOA,
      CLASS_IN,
      0,
      rdataToWire('SOA', SOA_DATA(serial)),
    );
  return writer.finish(0x1995, 0);
}

const plain = (records: Iterable<{ owner: WireName; type: number; ttl: number }>) =>
  [...records].map(({ owner, type, ttl }) => `${owner.toString()} ${type} ${ttl}`);

describe('clientSerial', () => {
  it("reads the serial of the zone's SOA in the authority section (its names compressed)", () => {
    const raw = ixfrRequest(11);
    expect(clientSerial(raw, readMessage(raw), WireName.fromText(APEX))).toBe(11);
  });

  it('is undefined without an SOA of the zone (FORMERR, as from BIND) or with a malformed one', () => {
    for (const raw of [ixfrRequest(), ixfrRequest(11, 'other.com.')])
      expect(clientSerial(raw, readMessage(raw), WireName.fromText(APEX))).toBeUndefined();
    const raw = ixfrRequest(11);
    const message = readMessage(raw);
    const [record] = message.authorities;
    const short = {
      ...message,
      authorities: [{ ...record, rdata: record.rdata.subarray(0, record.rdata.length - 1) }],
    };
    expect(clientSerial(raw, short, WireName.fromText(APEX))).toBeUndefined();
  });
});

describe('IncrementalTransfers', () => {
  it('answers a client up to date, or ahead, with the SOA alone', async () => {
    const history = jest.fn();
    const ixfr = incrementalTransfers(history);
    for (const from of [12, 13]) expect(plain(await ixfr.records(tree, from))).toEqual([`${APEX} 6 300`]);
    expect(history).not.toHaveBeenCalled();
  });

  it('asks the history for the zone as held in memory, and writes its difference sequences', async () => {
    const history = jest.fn(async () => DIFFERENCES);
    const records = [...(await incrementalTransfers(history).records(tree, 11))];
    expect(history).toHaveBeenCalledWith(
      {
        id: APEX,
        name: APEX,
        serial: 12,
        ttl: 300,
        soa: SOA_DATA(12),
        soaTtl: 300,
        signed: false,
      } satisfies TransferredZone,
      11,
    );
    expect(records.map((r) => r.rdata)).toEqual(DIFFERENCES.map((r) => rdataToWire(r.type, r.data)));
    expect(plain(records)[2]).toBe(`h0.${APEX} 1 300`);
  });

  it('sends the whole zone when the history cannot tell, is larger than the zone, fails, or cannot be encoded', async () => {
    const whole = plain(zoneRecords(tree));
    const larger = Array.from({ length: 50 }, () => DIFFERENCES).flat();
    const histories = [
      async () => null,
      async () => larger,
      async () => Promise.reject(new Error('storage is down')),
      async () => [soa(12), { name: APEX, type: 'TYPE9999X', ttl: 1, data: 'x' }, soa(12)],
    ];
    for (const history of histories)
      expect(plain(await incrementalTransfers(history).records(tree, 11))).toEqual(whole);
  });
});

describe('IXFR through the responder', () => {
  const KEY: TsigKey = {
    name: 'xfr.example.',
    algorithm: 'hmac-sha256',
    secret: Buffer.from('k').toString('base64'),
  };
  const storage = {
    servedZoneNames: async (after: string) => (after ? [] : ['example.com']),
    servedAmong: async (names: string[]) => names.filter((name) => name === APEX),
    // Larger than its differences, which are sent incrementally then.
    load: async (name: string) =>
      name === APEX
        ? zoneContent(
            APEX,
            Array.from({ length: 2000 }, (_, i) => `m${i}.${APEX} A 192.0.2.1`),
            12,
          )
        : null,
  } as unknown as ServedZonesService;
  const store = new ZoneStore(storage, changeLog().repository, new MiniDnsConfig());
  /** 600 changes: more than one message. */
  const many = [
    soa(12),
    ...Array.from({ length: 600 }, (_, i) => [soa(11), soa(12), a(`n${i}`, '198.51.100.1')]).flat(),
    soa(12),
  ];
  const responder = new Responder(
    store,
    NO_SECONDARIES,
    transferKeys([KEY], { [APEX]: [KEY.name] }),
    updateHandler(store).handler,
    incrementalTransfers(async () => many),
  );
  beforeAll(() => store.ready());
  afterAll(() => store.onApplicationShutdown());

  const rcodeOf = (bytes: Buffer) => readMessage(bytes).flags & 0x0f;

  it('refuses an unsigned request for a zone with keys, and one without the client SOA is FORMERR', async () => {
    expect((await responder.respond(ixfrRequest(11), 'tcp')).messages.map(rcodeOf)).toEqual([RCODE.REFUSED]);
    const { signed } = signRequest(ixfrRequest(), KEY);
    expect((await responder.respond(signed, 'tcp')).messages.map(rcodeOf)).toEqual([RCODE.FORMERR]);
  });

  it('answers over UDP with the SOA alone, not authoritative (as BIND)', async () => {
    const { signed } = signRequest(ixfrRequest(11), KEY);
    const [reply] = (await responder.respond(signed, 'udp')).messages;
    const message = readMessage(reply);
    expect([message.flags & 0x0f, message.flags & FLAG.AA]).toEqual([RCODE.NOERROR, 0]);
    expect(message.answers.map((r) => r.type)).toEqual([TYPE_CODES.SOA]);
  });

  it('sends the differences over TCP in as many messages as needed, each signed, the question in the first', async () => {
    const { signed, requestMac } = signRequest(ixfrRequest(11), KEY);
    const { messages } = await responder.respond(signed, 'tcp');
    expect(messages.length).toBeGreaterThan(1);
    const verifier = new TsigVerifier(KEY, requestMac);
    const read = messages.map((bytes) => {
      verifier.verify(bytes, readMessage(bytes));
      return readMessage(bytes);
    });
    expect(() => verifier.finish()).not.toThrow();
    expect(read.map((m) => m.questions.length)).toEqual(read.map((_, i) => (i === 0 ? 1 : 0)));
    expect(read.every((m) => (m.flags & FLAG.AA) !== 0 && (m.flags & 0x0f) === 0)).toBe(true);
    expect(read.flatMap((m) => m.answers).length).toBe(many.length);
  });
});
