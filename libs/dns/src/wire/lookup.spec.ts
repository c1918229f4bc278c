import * as dgram from 'node:dgram';
import * as net from 'node:net';
import * as packet from 'dns-packet';
import { lookup } from './lookup';

type Answer = packet.Packet & { rcode?: string };

const ANSWERS: packet.Answer[] = [
  { type: 'TXT', name: 'big.example.org', ttl: 300, data: ['v=DKIM1; k=rsa; p=abc', 'def'] },
  { type: 'A', name: 'big.example.org', ttl: 60, data: '192.0.2.1' },
];

/**
 * A server on one port for UDP and TCP: over UDP it answers `udp(query)`, over TCP the full answer —
 * as an authoritative server whose answer does not fit a datagram.
 */
async function fakeServer(udp: (query: Answer) => Answer | null) {
  const tcp = net.createServer((socket) =>
    socket.once('data', (chunk) => {
      const query = packet.streamDecode(chunk) as Answer;
      socket.end(
        packet.streamEncode({
          id: query.id,
          type: 'response',
          flags: packet.AUTHORITATIVE_ANSWER,
          questions: query.questions,
          answers: ANSWERS,
        }),
      );
    }),
  );
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const port = (tcp.address() as net.AddressInfo).port;
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, remote) => {
    const query = packet.decode(message) as Answer;
    const reply = udp(query);
    if (reply)
      socket.send(packet.encode({ ...reply, id: query.id, type: 'response' }), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    server: { host: '127.0.0.1', port },
    close: () =>
      Promise.all([
        new Promise((resolve) => socket.close(() => resolve(undefined))),
        new Promise((resolve) => tcp.close(() => resolve(undefined))),
      ]),
  };
}

describe('lookup: one question, as `dig +norec` asks it', () => {
  it('reads an authoritative UDP answer: rcode, records in presentation form, the authority section', async () => {
    const fake = await fakeServer((query) => ({
      flags: packet.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers: [
        { type: 'MX', name: 'example.org', ttl: 300, data: { preference: 10, exchange: 'mail.example.org' } },
      ],
      authorities: [{ type: 'NS', name: 'example.org', ttl: 3600, data: 'ns1.example.net' }],
    }));
    try {
      expect(await lookup(fake.server, 'example.org.', 'MX', 1000)).toEqual({
        rcode: 'NOERROR',
        authoritative: true,
        overTcp: false,
        answers: [{ name: 'example.org.', type: 'MX', ttl: 300, data: '10 mail.example.org.' }],
        authorities: [{ name: 'example.org.', type: 'NS', ttl: 3600, data: 'ns1.example.net.' }],
      });
    } finally {
      await fake.close();
    }
  });

  it('asks again over TCP when the UDP answer is truncated', async () => {
    const fake = await fakeServer((query) => ({
      flags: packet.TRUNCATED_RESPONSE,
      questions: query.questions,
    }));
    try {
      const answer = await lookup(fake.server, 'big.example.org.', 'TXT', 1000);
      expect(answer).toMatchObject({ rcode: 'NOERROR', authoritative: true, overTcp: true });
      expect(answer.answers.map((record) => record.data)).toEqual([
        '"v=DKIM1; k=rsa; p=abc" "def"',
        '192.0.2.1',
      ]);
    } finally {
      await fake.close();
    }
  });

  it('gives up on a server that does not answer, within the time it was given', async () => {
    const fake = await fakeServer(() => null);
    try {
      const started = Date.now();
      await expect(lookup(fake.server, 'example.org.', 'A', 300)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await fake.close();
    }
  });

  it('refuses a type it does not know', async () => {
    await expect(lookup({ host: '127.0.0.1', port: 9 }, 'example.org.', 'NOPE')).rejects.toThrow(
      'unknown record type NOPE',
    );
  });
});
