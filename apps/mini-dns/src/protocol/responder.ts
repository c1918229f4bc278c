import { Injectable, Logger } from '@nestjs/common';
import {
  CLASS_ANY,
  CLASS_IN,
  EDNS_DO,
  FLAG,
  FormatError,
  MAX_MESSAGE_OCTETS,
  Message,
  OPCODE,
  RCODE,
  TYPE_CODES,
  TsigFormatError,
  WireName,
  readMessage,
  verifyRequest,
} from '@zonewarden/dns';
import { Answer } from '../lookup/answer';
import { answerQuery } from '../lookup/chain';
import { NotLoaded } from '../lookup/zone-view';
import { ZoneTree } from '../zone/zone-tree';
import { ZoneStore } from '../zone/zone-store.service';
import { EdnsFormatError, PLAIN_UDP_PAYLOAD, queryEdns } from './edns';
import { Reply, Request, Transport, renderResponse } from './render';
import { SecondaryNotify } from './secondary-notify';
import { IncrementalTransfers, clientSerial } from './ixfr';
import { TransferRR, transferMessages, zoneRecords } from './transfer';
import { TransferKeys } from './transfer-keys';
import { UpdateHandler } from './update/update-handler';

/** Query types that never appear in a question (RFC 6891 §6.1.1, RFC 8945 §4.2, RFC 2930). */
const META_TYPES = new Set([TYPE_CODES.OPT, TYPE_CODES.TSIG, TYPE_CODES.TKEY]);
/** Obsolete mailbox query types (RFC 1035 §3.2.3), which BIND does not implement. */
const MAILBOX_TYPES = new Set([TYPE_CODES.MAILA, TYPE_CODES.MAILB]);
/** How long a query waits for its zone to be read from storage before it gets SERVFAIL. */
export const ZONE_LOAD_WAIT_MS = 2000;
/** A lookup that crosses zones not yet in memory loads each; this bounds the rounds. */
const MAX_LOAD_ROUNDS = 20;

/** The messages answering one query, and their response code (undefined when nothing is sent). */
export interface Response {
  messages: Buffer[];
  rcode?: number;
}

/**
 * Turns one DNS message into its response messages (none for messages that are not queries or too short
 * to answer). Never throws: a fault while answering one query becomes SERVFAIL for that query.
 */
@Injectable()
export class Responder {
  private readonly logger = new Logger(Responder.name);
  /** One buffer for every response: a message is written and copied out before the next starts. */
  private readonly buffer = Buffer.alloc(MAX_MESSAGE_OCTETS);

  constructor(
    private readonly zones: ZoneStore,
    private readonly secondaries: SecondaryNotify,
    private readonly keys: TransferKeys,
    private readonly updates: UpdateHandler,
    private readonly ixfr: IncrementalTransfers,
  ) {}

  /** `address`: the client's, which a NOTIFY must come from (one of the zone's masters). */
  async respond(raw: Buffer, transport: Transport, ipv6 = false, address = ''): Promise<Response> {
    // Too short for a header, or a response (QR): never answered, so that no two servers can loop.
    if (raw.length < 12 || raw[2] & 0x80) return { messages: [] };
    const request: Request = {
      id: raw.readUInt16BE(0),
      opcode: (raw[2] >> 3) & 0x0f,
      flags: raw.readUInt16BE(2),
      transport,
      ipv6,
      address,
    };
    try {
      return signed(request, await this.dispatch(raw, request));
    } catch (error) {
      this.logger.error(`answering a query failed: ${(error as Error).stack}`);
      try {
        return signed(request, this.reply(request, { rcode: RCODE.SERVFAIL }));
      } catch {
        return { messages: [] };
      }
    }
  }

  private async dispatch(raw: Buffer, request: Request): Promise<Response> {
    let message: Message;
    try {
      message = readMessage(raw);
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      request.question = error.partial.questions?.[0];
      return this.reply(request, { rcode: RCODE.FORMERR });
    }
    request.question = message.questions[0];
    try {
      request.edns = queryEdns(message);
    } catch (error) {
      if (!(error instanceof EdnsFormatError)) throw error;
      return this.reply(request, { rcode: RCODE.FORMERR });
    }
    // RFC 6891 §6.1.3: an EDNS version we do not speak.
    if (request.edns && request.edns.version > 0) return this.reply(request, { rcode: RCODE.BADVERS });
    if (
      request.opcode !== OPCODE.QUERY &&
      request.opcode !== OPCODE.NOTIFY &&
      request.opcode !== OPCODE.UPDATE
    )
      return this.reply(request, { rcode: RCODE.NOTIMP, withQuestion: false });
    if (message.questions.length !== 1) {
      request.question = undefined;
      return this.reply(request, { rcode: RCODE.FORMERR });
    }
    if (!(await this.verifySignature(raw, message, request)))
      return this.reply(request, { rcode: RCODE.FORMERR });
    // RFC 8945 §5.2: an unknown key (BADKEY), a bad MAC (BADSIG) or a stale signature (BADTIME).
    if (request.tsig?.error) return this.reply(request, { rcode: RCODE.NOTAUTH });
    const { klass, type } = request.question!;
    if (klass === CLASS_ANY) return this.reply(request, { rcode: RCODE.FORMERR });
    if (klass !== CLASS_IN) return this.reply(request, { rcode: RCODE.REFUSED });
    if (request.opcode === OPCODE.NOTIFY) return this.reply(request, await this.notify(request));
    if (request.opcode === OPCODE.UPDATE)
      return this.reply(request, await this.updates.answer(raw, message, request));
    if (META_TYPES.has(type)) return this.reply(request, { rcode: RCODE.FORMERR });
    if (MAILBOX_TYPES.has(type)) return this.reply(request, { rcode: RCODE.NOTIMP });
    if (type === TYPE_CODES.AXFR || type === TYPE_CODES.IXFR) return this.transfer(raw, message, request);
    return this.reply(request, await this.query(request));
  }

  private async query(request: Request): Promise<Reply> {
    const { name, type } = request.question!;
    const minimal = minimalFor(request);
    const query = {
      name,
      type,
      minimal,
      withNameservers: !minimal && withNameservers(request),
      dnssec: !!request.edns && (request.edns.flags & EDNS_DO) !== 0,
    };
    for (let round = 0; round < MAX_LOAD_ROUNDS; round++) {
      const answer = answerQuery(this.zones, query);
      if (answer instanceof Answer) return { rcode: answer.rcode, answer };
      if (!(await this.loaded(answer))) return { rcode: RCODE.SERVFAIL };
    }
    return { rcode: RCODE.SERVFAIL };
  }

  /**
   * Zone transfers of a zone apex: AXFR (RFC 5936) over TCP; IXFR (RFC 1995) with the client's SOA in the
   * authority section (else FORMERR), over UDP answered by the SOA alone (§4, as BIND does).
   */
  private async transfer(raw: Buffer, message: Message, request: Request): Promise<Response> {
    const { name, type } = request.question!;
    if (type === TYPE_CODES.AXFR && request.transport === 'udp')
      return this.reply(request, { rcode: RCODE.FORMERR });
    const zone = await this.apexZone(request);
    if (zone === 'failed') return this.reply(request, { rcode: RCODE.SERVFAIL });
    if (!zone || !zone.apex.equals(name)) return this.reply(request, { rcode: RCODE.NOTAUTH });
    const refusal = await this.transferRefusal(request, zone.apex);
    if (refusal !== undefined) return this.reply(request, { rcode: refusal });
    if (type === TYPE_CODES.AXFR) return this.transferred(request, zoneRecords(zone));
    const from = clientSerial(raw, message, zone.apex);
    if (from === undefined) return this.reply(request, { rcode: RCODE.FORMERR });
    if (request.transport === 'udp') {
      const answer = new Answer();
      answer.add(answer.answer, zone.apex, zone.soa);
      return this.reply(request, { rcode: RCODE.NOERROR, answer, authoritative: false });
    }
    return this.transferred(request, await this.ixfr.records(zone, from));
  }

  private transferred(request: Request, records: Iterable<TransferRR>): Response {
    return { messages: transferMessages(this.buffer, request, records), rcode: RCODE.NOERROR };
  }

  /**
   * A zone with TSIG keys (its own, its pool's) is transferred only to a request signed with one of them;
   * any other is REFUSED, as BIND's `allow-transfer { key …; }` refuses it. Without keys, to anyone. A
   * request signed with an update grant's key only when its grant allows transfers.
   */
  private async transferRefusal(request: Request, apex: WireName): Promise<number | undefined> {
    try {
      return (await this.keys.mayTransfer(apex, request.tsig?.key)) ? undefined : RCODE.REFUSED;
    } catch (error) {
      this.logger.warn(`the TSIG keys of ${apex.toString()} could not be read: ${(error as Error).message}`);
      return RCODE.SERVFAIL;
    }
  }

  /**
   * Verifies a signed request (RFC 8945 §5.2) into `request.tsig`, with the keys of the update grants of
   * the zone its question is in, or /v2/tsigkeys'; false when its TSIG record is not the last record of
   * the message, or malformed (FORMERR, RFC 8945 §5.1).
   */
  private async verifySignature(raw: Buffer, message: Message, request: Request): Promise<boolean> {
    const records = [...message.answers, ...message.authorities, ...message.additionals];
    const at = records.findIndex((r) => r.type === TYPE_CODES.TSIG);
    if (at < 0) return true;
    // The last record, and in the additional section (RFC 8945 §5.1).
    if (at !== records.length - 1 || message.additionals.length === 0) return false;
    const key = await this.keys.find(records[at].name, this.zones.servedApex(request.question!.name));
    try {
      request.tsig = verifyRequest(raw, message, () => key);
      return true;
    } catch (error) {
      if (error instanceof TsigFormatError) return false;
      throw error;
    }
  }

  /** NOTIFY (RFC 1996) of a zone: a SECONDARY zone's requests its refresh, a zone of our own is acknowledged. */
  private async notify(request: Request): Promise<Reply> {
    if (request.question!.type !== TYPE_CODES.SOA) return { rcode: RCODE.FORMERR };
    const notified = await this.secondaries.notified(request.question!.name, request.address ?? '');
    if (notified === 'refresh') return { rcode: RCODE.NOERROR, authoritative: true };
    if (notified === 'not-from-a-master') return { rcode: RCODE.REFUSED };
    const zone = await this.apexZone(request);
    if (zone === 'failed') return { rcode: RCODE.SERVFAIL };
    if (!zone || !zone.apex.equals(request.question!.name)) return { rcode: RCODE.NOTAUTH };
    return { rcode: RCODE.NOERROR, authoritative: true };
  }

  private async apexZone(request: Request): Promise<ZoneTree | undefined | 'failed'> {
    for (let round = 0; round < MAX_LOAD_ROUNDS; round++) {
      const zone = this.zones.find(request.question!.name, false);
      if (!(zone instanceof NotLoaded)) return zone;
      if (!(await this.loaded(zone))) return 'failed';
    }
    return 'failed';
  }

  /** Waits (boundedly) for a zone to be read from storage; false when it cannot be. */
  private async loaded(missing: NotLoaded): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>(
      (resolve) => (timer = setTimeout(() => resolve(false), ZONE_LOAD_WAIT_MS)),
    );
    const load = this.zones.load(missing.zone).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([load, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private reply(request: Request, reply: Reply): Response {
    return { messages: [renderResponse(this.buffer, request, reply)], rcode: reply.rcode };
  }
}

/** The response messages of a signed request, each with its TSIG record. */
function signed(request: Request, response: Response): Response {
  const { tsig } = request;
  return tsig ? { ...response, messages: response.messages.map((message) => tsig.sign(message)) } : response;
}

/** Query types BIND answers minimally: the zone keys and their digests (what validators and parents ask). */
const MINIMAL_TYPES = new Set([TYPE_CODES.DS, TYPE_CODES.DNSKEY, TYPE_CODES.CDS, TYPE_CODES.CDNSKEY]);

/**
 * What is required and nothing else (no NS with positive answers, no additional data beside glue), as from
 * BIND: to a UDP client whose EDNS buffer is 512 octets or less, and to queries of MINIMAL_TYPES.
 */
function minimalFor(request: Request): boolean {
  if (MINIMAL_TYPES.has(request.question!.type)) return true;
  return request.transport === 'udp' && !!request.edns && request.edns.udpPayloadSize <= PLAIN_UDP_PAYLOAD;
}

/**
 * Whether a positive answer carries the zone's NS RRset, as BIND 9.18 decides by default (minimal-responses
 * no-auth-recursive): not when recursion was asked for.
 */
function withNameservers(request: Request): boolean {
  return !(request.flags & FLAG.RD);
}
