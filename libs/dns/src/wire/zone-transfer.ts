import * as net from 'node:net';
import { DnsServer } from './client';
import { transferredRdata } from './generic-rdata';
import { Message, expandedRdata, readMessage } from './message-reader';
import { MessageWriter } from './message-writer';
import { TsigKey, TsigVerifier, signRequest, tsigErrorOf } from './tsig';
import { CLASS_IN, RCODE, TYPE_CODES, rcodeName, typeName } from './types';
import { WireName } from './wire-name';

/** One record of a transferred zone: owner (absolute, lower case), type, TTL and rdata as the API keeps it. */
export interface TransferredRecord {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

export interface ZoneTransferOptions {
  /** Sign the request and require signed answers (RFC 8945). */
  key?: TsigKey;
  /** For the whole transfer. */
  timeoutMs?: number;
  /** Records at most (the zone is held in memory until stored). */
  maxRecords?: number;
}

/** Records of one transfer at most, unless the caller says otherwise. */
export const MAX_TRANSFER_RECORDS = 1_000_000;

/** A transfer that did not complete; its message says why, for the zone's error reason. */
export class ZoneTransferError extends Error {}

/**
 * AXFR (RFC 5936) of `zone` from `server` over TCP: every record, the SOA first (and not repeated at the
 * end). Rejects with a ZoneTransferError when the server refuses, the answers do not verify or the
 * transfer does not end in time.
 */
export function transferZone(
  server: DnsServer,
  zone: string,
  options: ZoneTransferOptions = {},
): Promise<TransferredRecord[]> {
  const id = Math.floor(Math.random() * 0x10000);
  const writer = new MessageWriter(Buffer.alloc(512), 512);
  writer.question(WireName.fromText(zone), TYPE_CODES.AXFR, CLASS_IN);
  let request = writer.finish(id, 0);
  let verifier: TsigVerifier | undefined;
  if (options.key) {
    const { signed, requestMac } = signRequest(request, options.key);
    request = signed;
    verifier = new TsigVerifier(options.key, requestMac);
  }
  const where = `${server.host}:${server.port}`;
  const apex = WireName.fromText(zone);
  const maxRecords = options.maxRecords ?? MAX_TRANSFER_RECORDS;
  return new Promise((resolve, reject) => {
    const records: TransferredRecord[] = [];
    let pending = Buffer.alloc(0);
    let soaSeen = 0;
    const socket = net.connect(server.port, server.host);
    // For the whole transfer, not per idle stretch: a master that trickles bytes still ends in time.
    const deadline = setTimeout(() => fail('timed out'), options.timeoutMs ?? 30_000);
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      reject(new ZoneTransferError(`AXFR from ${where}: ${reason}`));
    };
    socket.on('error', (error) => fail(error.message));
    socket.on('close', () => fail('the connection closed before the transfer ended'));
    socket.on('connect', () =>
      socket.write(Buffer.concat([Buffer.from([request.length >> 8, request.length & 255]), request])),
    );
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      try {
        while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
          const raw = pending.subarray(2, 2 + pending.readUInt16BE(0));
          pending = pending.subarray(2 + raw.length);
          const message = readMessage(raw);
          if (message.id !== id) continue;
          checkRcode(raw, message);
          verifier?.verify(raw, message);
          for (const record of message.answers) {
            if (record.type === TYPE_CODES.SOA && soaSeen++ > 0) {
              verifier?.finish();
              settled = true;
              clearTimeout(deadline);
              socket.removeAllListeners('close');
              socket.end();
              resolve(records);
              return;
            }
            if (records.length === 0 && (record.type !== TYPE_CODES.SOA || !record.name.equals(apex)))
              throw new Error('the first record is not the SOA of the zone');
            if (records.length >= maxRecords) throw new Error(`more than ${maxRecords} records`);
            const type = typeName(record.type);
            records.push({
              name: `${record.name.key}.`,
              type,
              ttl: record.ttl,
              data: transferredRdata(type, expandedRdata(raw, record)),
            });
          }
        }
      } catch (error) {
        fail((error as Error).message);
      }
    });
  });
}

function checkRcode(raw: Buffer, message: Message): void {
  const rcode = message.flags & 0x0f;
  if (rcode === RCODE.NOERROR) return;
  const tsigError = tsigErrorOf(raw, message);
  throw new Error(`the server answered ${rcodeName(rcode)}${tsigError ? ` (TSIG ${tsigError})` : ''}`);
}
