import { FuzzPacket } from './fuzz-packets';
import { Finding } from './fuzz-findings';

/** Counts by name, for the summary the robustness test prints. */
export class Tally {
  private readonly counts = new Map<string, number>();

  static sum(tallies: readonly Tally[]): Tally {
    const sum = new Tally();
    for (const tally of tallies) sum.merge(tally);
    return sum;
  }

  merge(other: Tally): void {
    for (const [name, count] of other.counts) this.add(name, count);
  }

  add(name: string, count = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + count);
  }

  addPackets(packets: readonly FuzzPacket[]): void {
    for (const packet of packets) this.add(packet.kind);
  }

  get total(): number {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0);
  }

  text(): string {
    return [...this.counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
  }
}

/** Findings grouped by property, each with a few examples (hex) to reproduce it. */
export function findingsReport(findings: readonly Finding[], examples = 3): string {
  const byProperty = new Map<string, Finding[]>();
  for (const f of findings) byProperty.set(f.property, [...(byProperty.get(f.property) ?? []), f]);
  return [...byProperty]
    .map(([property, all]) =>
      [
        `${property} (${all.length}×)`,
        ...all
          .slice(0, examples)
          .map(
            (f) => `  ${f.transport} ${f.kind}: query ${f.query}${f.reply ? `\n    reply ${f.reply}` : ''}`,
          ),
      ].join('\n'),
    )
    .join('\n');
}

/** Packets as `kind hex` lines, at most `limit`. */
export function packetsReport(packets: readonly FuzzPacket[], limit = 10): string {
  const lines = packets.slice(0, limit).map((p) => `  ${p.kind}: ${p.bytes.toString('hex')}`);
  if (packets.length > limit) lines.push(`  … and ${packets.length - limit} more`);
  return lines.join('\n');
}
