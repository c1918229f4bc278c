/**
 * DNS over TCP frames each message with a two-octet length (RFC 1035 §4.2.2, RFC 7766 §8). Collects
 * bytes as they arrive and hands out whole messages; a zero length is a framing error.
 */
export class TcpFraming {
  private pending: Buffer = Buffer.alloc(0);

  /** The whole messages `chunk` completes; throws on a zero-length frame. */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const messages: Buffer[] = [];
    let at = 0;
    while (this.pending.length - at >= 2) {
      const length = this.pending.readUInt16BE(at);
      if (length === 0) throw new Error('a zero-length TCP frame');
      if (this.pending.length - at - 2 < length) break;
      messages.push(this.pending.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
    this.pending = at === this.pending.length ? Buffer.alloc(0) : this.pending.subarray(at);
    return messages;
  }
}

/** A response with its length prefix. */
export function framed(message: Buffer): Buffer {
  const out = Buffer.allocUnsafe(message.length + 2);
  out.writeUInt16BE(message.length, 0);
  message.copy(out, 2);
  return out;
}
