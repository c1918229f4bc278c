// The zonefiles the benchmarks import: a realistic mix of A, AAAA, MX, TXT, CNAME and SRV records, with
// relative names, inherited owners and TTLs.

/** A zonefile of `records` records (SOA, apex NS and the mix) for `origin`. */
function zonefile(origin, records) {
  const lines = [
    `$ORIGIN ${origin}`,
    '$TTL 3600',
    '@ IN SOA ns1 hostmaster ( 2024010101 3600 600 86400 300 )',
    '  IN NS ns1',
    'ns1 IN A 192.0.2.1',
  ];
  for (let i = 0; lines.length - 3 < records; i++) {
    const host = `h${i}`;
    switch (i % 6) {
      case 0:
        lines.push(`${host} 300 IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
        break;
      case 1:
        lines.push(`${host} IN AAAA 2001:db8::${(i & 0xffff).toString(16)}`);
        break;
      case 2:
        lines.push(`${host} IN MX 10 mail${i}`);
        break;
      case 3:
        lines.push(`${host} IN TXT "v=spf1 include:_spf.example.com ~all" "id=${i}"`);
        break;
      case 4:
        lines.push(`${host} IN CNAME h${i - 4}`);
        break;
      default:
        lines.push(`_sip._tcp.${host} IN SRV 10 60 5060 sip${i}.example.net.`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Bytes per record of `zonefile` on average: sizes a file in bytes. */
const BYTES_PER_RECORD = 38;

/** A zonefile of about `bytes` bytes. */
function zonefileOfSize(origin, bytes) {
  return zonefile(origin, Math.ceil(bytes / BYTES_PER_RECORD));
}

module.exports = { zonefile, zonefileOfSize };
