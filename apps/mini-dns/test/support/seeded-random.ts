/** mulberry32: a tiny PRNG whose whole state is one 32-bit number, so a seed reproduces a run exactly. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A 32-bit unsigned integer. */
  u32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  bytes(length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    for (let i = 0; i < length; i++) out[i] = this.u32() & 0xff;
    return out;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let roll = this.next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [choice, weight] of choices) {
      roll -= weight;
      if (roll < 0) return choice;
    }
    return choices[choices.length - 1][0];
  }

  /** Lower-case letters and digits, starting with a letter. */
  label(length: number): string {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    let out = letters[this.int(0, 25)];
    while (out.length < length) out += `${letters}0123456789`[this.int(0, 35)];
    return out;
  }

  hex(bytes: number): string {
    let out = '';
    for (let i = 0; i < bytes; i++) out += this.int(0, 255).toString(16).padStart(2, '0');
    return out.toUpperCase();
  }

  ipv4(): string {
    return `192.0.2.${this.int(1, 254)}`;
  }

  ipv6(): string {
    return `2001:db8::${this.int(1, 0xffff).toString(16)}:${this.int(1, 0xffff).toString(16)}`;
  }

  /** The ASCII letters of `text` in random case (DNS 0x20). */
  mixCase(text: string): string {
    return text.replace(/[a-z]/gi, (c) => (this.chance(0.5) ? c.toUpperCase() : c.toLowerCase()));
  }
}
