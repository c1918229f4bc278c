import * as dgram from 'node:dgram';
import * as packet from 'dns-packet';
import { DnsMessage, NOTIFY_OPCODE_FLAGS } from '@zonewarden/dns';
import { serviceRegistry } from '@zonewarden/messaging';
import { ZoneContent } from '@zonewarden/persistence';
import { freePort, metricSample } from '@zonewarden/testing';
import { DnsServer } from './dns-server.service';
import { MiniDnsConfig } from './mini-dns.config';
import { ZoneCache } from './zone-cache.service';
import { buildZoneData } from './zone-data';

const many = Array.from({ length: 1200 }, (_, i) => `192.0.${Math.floor(i / 250)}.${i % 250}`);
const content: ZoneContent = {
  id: 'z',
  name: 'example.com.',
  ttl: 300,
  serial: 9,
  recordsets: [
    {
      name: 'example.com.',
      type: 'SOA',
      ttl: null,
      records: ['ns1.example.net. admin.example.com. 9 3600 600 86400 300'],
    },
    { name: 'example.com.', type: 'NS', ttl: null, records: ['ns1.example.net.'] },
    { name: 'big.example.com.', type: 'A', ttl: null, records: many.slice(0, 30) },
    { name: 'huge.example.com.', type: 'A', ttl: null, records: many },
  ],
};
const zone = buildZoneData(content);
const cache = {
  zoneFor: async (name: string) => (name.toLowerCase().endsWith('example.com') ? zone : undefined),
} as unknown as ZoneCache;
const server = new DnsServer(cache, new MiniDnsConfig());

async function ask(query: DnsMessage, transport: 'udp' | 'tcp' = 'udp') {
  const flags = packet.RECURSION_DESIRED | (query.flags ?? 0);
  const { messages } = await server.handle(
    packet.encode({ id: 42, type: 'query', ...query, flags }),
    transport,
  );
  return messages.map((m) => ({ size: m.length, ...(packet.decode(m) as DnsMessage) }));
}

describe('DnsServer.handle', () => {
  it('answers over UDP with the id, RD copied, AA set', async () => {
    const [reply] = await ask({ questions: [{ type: 'SOA', name: 'example.com' }] });
    expect(reply).toMatchObject({ id: 42, type: 'response', rcode: 'NOERROR' });
    expect(reply.flags! & packet.AUTHORITATIVE_ANSWER).toBeTruthy();
    expect(reply.flags! & packet.RECURSION_DESIRED).toBeTruthy();
    expect(reply.answers).toHaveLength(1);
  });

  it('truncates UDP answers above 512 bytes without EDNS, and above the EDNS size with it', async () => {
    const [plain] = await ask({ questions: [{ type: 'A', name: 'big.example.com' }] });
    expect(plain.flags! & packet.TRUNCATED_RESPONSE).toBeTruthy();
    expect(plain.answers).toHaveLength(0);
    const withEdns = {
      questions: [{ type: 'A' as const, name: 'big.example.com' }],
      additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 4096 }],
    } as DnsMessage;
    const [edns] = await ask(withEdns);
    expect(edns.flags! & packet.TRUNCATED_RESPONSE).toBeFalsy();
    expect(edns.answers).toHaveLength(30);
    expect(edns.additionals?.find((a) => a.type === 'OPT')).toMatchObject({ udpPayloadSize: 1232 });
    const [huge] = await ask({ ...withEdns, questions: [{ type: 'A', name: 'huge.example.com' }] });
    expect(huge.flags! & packet.TRUNCATED_RESPONSE).toBeTruthy();
    expect(huge.size).toBeLessThanOrEqual(1232);
  });

  it('answers the same question in full over TCP', async () => {
    const [reply] = await ask({ questions: [{ type: 'A', name: 'huge.example.com' }] }, 'tcp');
    expect(reply.answers).toHaveLength(1200);
  });

  it('transfers the zone over TCP: SOA first and last, in several messages when large', async () => {
    const messages = await ask({ questions: [{ type: 'AXFR', name: 'example.com' }] }, 'tcp');
    const records = messages.flatMap((m) => m.answers ?? []);
    expect(messages.length).toBeGreaterThan(1);
    expect(records[0].type).toBe('SOA');
    expect(records[records.length - 1].type).toBe('SOA');
    expect(records).toHaveLength(1 + 1 + 30 + 1200 + 1);
  });

  it('answers IXFR over UDP with the SOA and refuses AXFR over UDP', async () => {
    const [ixfr] = await ask({ questions: [{ type: 'IXFR', name: 'example.com' }] });
    expect(ixfr.answers?.map((a) => a.type)).toEqual(['SOA']);
    const [axfr] = await ask({ questions: [{ type: 'AXFR', name: 'example.com' }] });
    expect(axfr.rcode).toBe('REFUSED');
  });

  it('refuses other zones and classes, rejects other opcodes and malformed queries', async () => {
    expect((await ask({ questions: [{ type: 'A', name: 'example.org' }] }))[0].rcode).toBe('REFUSED');
    expect((await ask({ questions: [{ type: 'A', name: 'example.com', class: 'CH' }] }))[0].rcode).toBe(
      'REFUSED',
    );
    expect(
      (await ask({ flags: NOTIFY_OPCODE_FLAGS, questions: [{ type: 'SOA', name: 'example.com' }] }))[0].rcode,
    ).toBe('NOTIMP');
    expect((await ask({ questions: [] }))[0].rcode).toBe('FORMERR');
    const garbage = Buffer.concat([Buffer.from([0x12, 0x34]), Buffer.alloc(10, 0xff), Buffer.from('junk')]);
    const [formerr] = (await server.handle(garbage, 'udp')).messages.map(
      (m) => packet.decode(m) as DnsMessage,
    );
    expect(formerr).toMatchObject({ id: 0x1234, rcode: 'FORMERR' });
    expect((await server.handle(Buffer.from([1, 2, 3]), 'udp')).messages).toEqual([]);
  });
});

describe('DnsServer on its sockets', () => {
  it('counts the answers it sends by transport and response code', async () => {
    const config = new MiniDnsConfig();
    config.MINIDNS_PORT = await freePort();
    const listening = new DnsServer(cache, config);
    await listening.onApplicationBootstrap();
    const series = (rcode: string) => `zonewarden_dns_responses_total{transport="udp",rcode="${rcode}"}`;
    const count = async (rcode: string) => metricSample(await serviceRegistry.metrics(), series(rcode));
    const socket = dgram.createSocket('udp4');
    try {
      const [noError, nxDomain] = [await count('NOERROR'), await count('NXDOMAIN')];
      for (const name of ['example.com', 'missing.example.com', 'missing.example.com']) {
        const answered = new Promise((resolve) => socket.once('message', resolve));
        socket.send(
          packet.encode({ id: 7, type: 'query', questions: [{ type: 'A', name }] }),
          config.MINIDNS_PORT,
          '127.0.0.1',
        );
        await answered;
      }
      expect([await count('NOERROR'), await count('NXDOMAIN')]).toEqual([noError + 1, nxDomain + 2]);
    } finally {
      socket.close();
      await listening.beforeApplicationShutdown();
    }
  });
});
