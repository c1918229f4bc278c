import * as dgram from 'node:dgram';
import * as packet from 'dns-packet';
import { DnsMessage, querySoa, sendNotify } from './client';
import { readMessage } from './message-reader';
import { TsigKey, verifyRequest } from './tsig';

/** A tiny UDP server that records queries and answers with `reply`. */
async function fakeServer(reply: (query: DnsMessage) => DnsMessage) {
  const socket = dgram.createSocket('udp4');
  const seen: DnsMessage[] = [];
  socket.on('message', (message, remote) => {
    const query = packet.decode(message) as DnsMessage;
    seen.push(query);
    socket.send(
      packet.encode({ ...reply(query), id: query.id, type: 'response' }),
      remote.port,
      remote.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    seen,
    close: () => new Promise((resolve) => socket.close(() => resolve(undefined))),
  };
}

describe('DNS client', () => {
  it('reads the serial from an authoritative SOA answer', async () => {
    const server = await fakeServer((q) => ({
      flags: packet.AUTHORITATIVE_ANSWER,
      questions: q.questions,
      answers: [
        {
          type: 'SOA',
          name: 'example.com',
          ttl: 60,
          data: { mname: 'ns', rname: 'r', serial: 42, refresh: 1, retry: 1, expire: 1, minimum: 1 },
        },
      ],
    }));
    expect(await querySoa({ host: '127.0.0.1', port: server.port }, 'example.com.')).toEqual({
      present: true,
      serial: 42,
      refresh: 1,
      retry: 1,
    });
    await server.close();
  });

  it('reports a server that does not hold the zone', async () => {
    const server = await fakeServer((q) => ({ flags: 5, questions: q.questions }));
    expect(await querySoa({ host: '127.0.0.1', port: server.port }, 'example.com.')).toEqual({
      present: false,
      rcode: 'REFUSED',
    });
    await server.close();
  });

  it('sends NOTIFY with the NOTIFY opcode', async () => {
    const server = await fakeServer((q) => ({ flags: q.flags, questions: q.questions }));
    await sendNotify({ host: '127.0.0.1', port: server.port }, 'example.com.');
    expect(server.seen[0]).toMatchObject({
      opcode: 'NOTIFY',
      questions: [{ name: 'example.com', type: 'SOA' }],
    });
    await server.close();
  });

  it('signs a NOTIFY with a key and verifies the signed acknowledgement', async () => {
    const key: TsigKey = { name: 'notify-key.', algorithm: 'hmac-sha256', secret: 'c2VjcmV0' };
    const socket = dgram.createSocket('udp4');
    const errors: number[] = [];
    socket.on('message', (raw, remote) => {
      const signed = verifyRequest(raw, readMessage(raw), () => key)!;
      errors.push(signed.error);
      const answer = Buffer.from(
        raw.subarray(0, 12 + readMessage(raw).questions[0].name.toWire().length + 4),
      );
      answer.writeUInt16BE(answer.readUInt16BE(2) | 0x8000 | (signed.error ? 9 : 0), 2);
      answer.writeUInt16BE(0, 10); // no additional records: the question only
      socket.send(signed.sign(answer), remote.port, remote.address);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const server = { host: '127.0.0.1', port: socket.address().port };
    try {
      await sendNotify(server, 'example.com.', 1000, key);
      await expect(sendNotify(server, 'example.com.', 1000, { ...key, secret: 'b3RoZXI=' })).rejects.toThrow(
        'BADSIG',
      );
      expect(errors).toEqual([0, 16]);
    } finally {
      socket.close();
    }
  });

  it('times out when nothing answers', async () => {
    const server = await fakeServer((q) => q);
    await server.close();
    await expect(querySoa({ host: '127.0.0.1', port: server.port }, 'example.com.', 200)).rejects.toThrow();
  });
});
