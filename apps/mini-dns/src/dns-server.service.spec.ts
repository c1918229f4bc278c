import * as dgram from 'node:dgram';
import * as net from 'node:net';
import { CLASS_IN, MessageWriter, TYPE_CODES, WireName, readMessage } from '@zonewarden/dns';
import { serviceRegistry } from '@zonewarden/runtime';
import type { ServedZonesService } from '@zonewarden/domain';
import { freePort, metricSample } from '@zonewarden/testing';
import { DnsServer } from './dns-server.service';
import { MiniDnsConfig } from './mini-dns.config';
import { Responder } from './protocol/responder';
import { updateHandler } from './protocol/update/updates.fixtures';
import { framed } from './transport/tcp-framing';
import { ZoneStore } from './zone/zone-store.service';
import {
  NO_SECONDARIES,
  changeLog,
  incrementalTransfers,
  transferKeys,
  zoneContent,
} from './zone/zones.fixtures';

const zone = zoneContent('example.com.', [
  ...Array.from(
    { length: 3 },
    (_, i) =>
      `huge.example.com. TXT "${i}" ${Array(240)
        .fill(`"${'x'.repeat(250)}"`)
        .join(' ')}`,
  ),
]);

function query(name: string, type: number, id = 7): Buffer {
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(WireName.fromText(name), type, CLASS_IN);
  return writer.finish(id, 0);
}

/** Reads length-framed messages from a TCP socket until `count` arrived or the socket closed. */
function readFramed(socket: net.Socket, count: number): Promise<Buffer[]> {
  return new Promise((resolve) => {
    let pending = Buffer.alloc(0);
    const messages: Buffer[] = [];
    const done = () => resolve(messages);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        messages.push(pending.subarray(2, 2 + pending.readUInt16BE(0)));
        pending = pending.subarray(2 + pending.readUInt16BE(0));
      }
      if (messages.length >= count) done();
    });
    socket.on('close', done);
  });
}

describe('DnsServer on its sockets', () => {
  let indexReads = 0;
  const storage = {
    // Storage is unreachable for the first reads: the server must not listen before it knows its zones.
    servedZoneNames: async (after: string) => {
      if (++indexReads < 3) throw new Error('connection refused');
      return after ? [] : ['example.com'];
    },
    load: async (name: string) => (name === 'example.com.' ? zone : null),
  } as unknown as ServedZonesService;
  const config = new MiniDnsConfig();
  const store = new ZoneStore(storage, changeLog().repository, config);
  const responder = new Responder(
    store,
    NO_SECONDARIES,
    transferKeys(),
    updateHandler(store).handler,
    incrementalTransfers(),
  );
  const server = new DnsServer(responder, store, config);
  const connect = () => net.connect(config.MINIDNS_PORT, '127.0.0.1');

  beforeAll(async () => {
    config.MINIDNS_PORT = await freePort();
    await server.onApplicationBootstrap();
  });
  afterAll(async () => {
    await server.beforeApplicationShutdown();
    await store.onApplicationShutdown();
  });

  it('listens only once the served zones are known', () => {
    expect(indexReads).toBe(3);
  });

  it('counts the answers it sends by transport and response code', async () => {
    const series = (rcode: string) => `zonewarden_dns_responses_total{transport="udp",rcode="${rcode}"}`;
    const count = async (rcode: string) => metricSample(await serviceRegistry.metrics(), series(rcode));
    const socket = dgram.createSocket('udp4');
    try {
      const [noError, nxDomain] = [await count('NOERROR'), await count('NXDOMAIN')];
      for (const name of ['example.com.', 'missing.example.com.', 'missing.example.com.']) {
        const answered = new Promise((resolve) => socket.once('message', resolve));
        socket.send(query(name, TYPE_CODES.A), config.MINIDNS_PORT, '127.0.0.1');
        await answered;
      }
      expect([await count('NOERROR'), await count('NXDOMAIN')]).toEqual([noError + 1, nxDomain + 2]);
    } finally {
      socket.close();
    }
  });

  it('answers pipelined TCP queries in order, an answer over 65,535 octets truncated, and stays up', async () => {
    const socket = connect();
    const replies = readFramed(socket, 3);
    socket.write(
      Buffer.concat([
        framed(query('huge.example.com.', TYPE_CODES.TXT, 1)),
        framed(query('example.com.', TYPE_CODES.SOA, 2)),
        framed(query('example.com.', TYPE_CODES.AXFR, 3)),
      ]),
    );
    const messages = (await replies).map(readMessage);
    socket.destroy();
    expect(messages.map((m) => [m.id, m.answers.length])).toEqual([
      [1, 0],
      [2, 1],
      [3, expect.any(Number)],
    ]);
    expect(messages[0].flags & 0x0200).toBeTruthy();
  });

  it('closes a connection that sends a zero-length frame, and survives one cut mid-message', async () => {
    const zero = connect();
    const closed = new Promise((resolve) => zero.on('close', resolve));
    zero.on('error', () => undefined);
    zero.write(Buffer.from([0, 0]));
    await closed;
    const cut = connect();
    await new Promise((resolve) => cut.on('connect', resolve));
    cut.end(framed(query('example.com.', TYPE_CODES.SOA)).subarray(0, 9));
    const socket = connect();
    const replies = readFramed(socket, 1);
    socket.write(framed(query('example.com.', TYPE_CODES.SOA)));
    expect(await replies).toHaveLength(1);
    socket.destroy();
  });
});
