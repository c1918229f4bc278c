/** RR type mnemonics and numbers (IANA "Resource Record (RR) TYPEs"), as far as this service meets them. */
export const TYPE_CODES: Readonly<Record<string, number>> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  HINFO: 13,
  MX: 15,
  TXT: 16,
  RP: 17,
  AFSDB: 18,
  AAAA: 28,
  LOC: 29,
  SRV: 33,
  NAPTR: 35,
  KX: 36,
  CERT: 37,
  DNAME: 39,
  OPT: 41,
  APL: 42,
  DS: 43,
  SSHFP: 44,
  IPSECKEY: 45,
  RRSIG: 46,
  NSEC: 47,
  DNSKEY: 48,
  DHCID: 49,
  NSEC3: 50,
  NSEC3PARAM: 51,
  TLSA: 52,
  SMIMEA: 53,
  HIP: 55,
  CDS: 59,
  CDNSKEY: 60,
  OPENPGPKEY: 61,
  CSYNC: 62,
  ZONEMD: 63,
  SVCB: 64,
  HTTPS: 65,
  SPF: 99,
  TKEY: 249,
  TSIG: 250,
  IXFR: 251,
  AXFR: 252,
  MAILB: 253,
  MAILA: 254,
  ANY: 255,
  URI: 256,
  CAA: 257,
};

const TYPE_NAMES = new Map(Object.entries(TYPE_CODES).map(([name, code]) => [code, name]));

/** A type's mnemonic, or RFC 3597's `TYPEnnn`. */
export const typeName = (code: number): string => TYPE_NAMES.get(code) ?? `TYPE${code}`;

/** A type's number from its mnemonic or `TYPEnnn`; undefined when unknown. */
export function typeCode(name: string): number | undefined {
  const upper = name.toUpperCase();
  if (TYPE_CODES[upper] !== undefined) return TYPE_CODES[upper];
  const generic = /^TYPE(\d{1,5})$/.exec(upper);
  return generic && Number(generic[1]) <= 65535 ? Number(generic[1]) : undefined;
}

export const CLASS_IN = 1;
export const CLASS_CH = 3;
export const CLASS_NONE = 254;
export const CLASS_ANY = 255;

export const OPCODE = { QUERY: 0, IQUERY: 1, STATUS: 2, NOTIFY: 4, UPDATE: 5 } as const;

/** Response codes; BADVERS (16) is carried partly in the OPT record (RFC 6891 §6.1.3). */
export const RCODE = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
  YXDOMAIN: 6,
  YXRRSET: 7,
  NXRRSET: 8,
  NOTAUTH: 9,
  NOTZONE: 10,
  BADVERS: 16,
} as const;

const RCODE_NAMES = new Map<number, string>(Object.entries(RCODE).map(([name, code]) => [code, name]));
export const rcodeName = (code: number): string => RCODE_NAMES.get(code) ?? `RCODE${code}`;

/** Header flag bits (RFC 1035 §4.1.1, RFC 4035 §3.2). */
export const FLAG = {
  QR: 0x8000,
  AA: 0x0400,
  TC: 0x0200,
  RD: 0x0100,
  RA: 0x0080,
  AD: 0x0020,
  CD: 0x0010,
} as const;

/** The DO bit in the OPT record's TTL field (RFC 3225). */
export const EDNS_DO = 0x8000;
