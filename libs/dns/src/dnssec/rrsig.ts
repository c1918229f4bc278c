import { KeyObject } from 'node:crypto';
import { parseSignatureTime, signatureTimeText } from '../wire/dnssec-rdata';
import { CLASS_IN, typeCode, typeName } from '../wire/types';
import { WireName } from '../wire/wire-name';
import { canonicalNameWire, canonicalWireRdataSet, signatureLabels } from './canonical';
import { DnskeyFields, keyTag } from './dnskey';
import { publicKeyObject, signData, verifyData } from './keys';

/** An RRset as the service stores it: owner, type, TTL, presentation rdata. */
export interface RecordSet {
  name: string;
  type: string;
  ttl: number;
  records: readonly string[];
}

/** The fields of an RRSIG record (RFC 4034 §3.1); times are seconds since the epoch. */
export interface RrsigFields {
  typeCovered: number;
  algorithm: number;
  labels: number;
  originalTtl: number;
  expiration: number;
  inception: number;
  keyTag: number;
  signerName: string;
  signature: Buffer;
}

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

/**
 * RFC 4034 §3.1.8.1: the data a signature covers, the RRSIG rdata without its signature, then each
 * record of the RRset in canonical form and order with the original TTL. The owner is the name the RRSIG
 * labels give (a wildcard's, RFC 4035 §5.3.2, when the RRset was expanded from one).
 */
export function signedData(rrset: RecordSet, rrsig: Omit<RrsigFields, 'signature'>): Buffer {
  const owner = WireName.fromText(rrset.name);
  const name =
    rrsig.labels < owner.labelCount
      ? new WireName([Buffer.from('*'), ...owner.labels.slice(owner.labelCount - rrsig.labels)])
      : owner;
  const ownerWire = canonicalNameWire(name);
  const head = Buffer.concat([u16(rrsig.typeCovered), u16(CLASS_IN), u32(rrsig.originalTtl)]);
  const parts = [
    u16(rrsig.typeCovered),
    Buffer.from([rrsig.algorithm, rrsig.labels]),
    u32(rrsig.originalTtl),
    u32(rrsig.expiration),
    u32(rrsig.inception),
    u16(rrsig.keyTag),
    canonicalNameWire(WireName.fromText(rrsig.signerName)),
  ];
  for (const rdata of canonicalWireRdataSet(rrset.type, rrset.records))
    parts.push(ownerWire, head, u16(rdata.length), rdata);
  return Buffer.concat(parts);
}

export interface SignatureTimes {
  inception: number;
  expiration: number;
}

/** An RRSIG over `rrset` by the zone `signer`'s key. */
export function signRecordSet(
  rrset: RecordSet,
  signer: string,
  key: { dnskey: DnskeyFields; privateKey: KeyObject },
  times: SignatureTimes,
): RrsigFields {
  const typeCovered = typeCode(rrset.type);
  if (typeCovered === undefined) throw new Error(`record type ${rrset.type} cannot be signed`);
  const fields = {
    typeCovered,
    algorithm: key.dnskey.algorithm,
    labels: signatureLabels(WireName.fromText(rrset.name)),
    originalTtl: rrset.ttl,
    ...times,
    keyTag: keyTag(key.dnskey),
    signerName: signer.toLowerCase(),
  };
  const signature = signData(fields.algorithm, key.privateKey, signedData(rrset, fields));
  return { ...fields, signature };
}

/** Whether `rrsig` is a valid signature of `rrset` by `dnskey` (times not checked). */
export function verifyRecordSet(rrset: RecordSet, rrsig: RrsigFields, dnskey: DnskeyFields): boolean {
  if (rrsig.algorithm !== dnskey.algorithm || rrsig.keyTag !== keyTag(dnskey)) return false;
  const publicKey = publicKeyObject(dnskey.algorithm, dnskey.publicKey);
  return verifyData(rrsig.algorithm, publicKey, signedData(rrset, rrsig), rrsig.signature);
}

/** RFC 4034 §3.2 presentation. */
export function rrsigText(rrsig: RrsigFields): string {
  const { labels, originalTtl, keyTag: tag, signerName } = rrsig;
  const times = `${signatureTimeText(rrsig.expiration)} ${signatureTimeText(rrsig.inception)}`;
  const head = `${typeName(rrsig.typeCovered)} ${rrsig.algorithm} ${labels} ${originalTtl} ${times}`;
  return `${head} ${tag} ${signerName} ${rrsig.signature.toString('base64')}`;
}

export function parseRrsig(data: string): RrsigFields {
  const [covered, algorithm, labels, ttl, expiration, inception, tag, signer, ...signature] = data
    .trim()
    .split(/\s+/);
  const typeCovered = typeCode(covered ?? '');
  if (typeCovered === undefined || signature.length === 0) throw new Error(`'${data}' is not RRSIG rdata`);
  return {
    typeCovered,
    algorithm: Number(algorithm),
    labels: Number(labels),
    originalTtl: Number(ttl),
    expiration: parseSignatureTime(expiration),
    inception: parseSignatureTime(inception),
    keyTag: Number(tag),
    signerName: signer.toLowerCase(),
    signature: Buffer.from(signature.join(''), 'base64'),
  };
}
