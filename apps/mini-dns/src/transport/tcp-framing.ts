/**
 * DNS over TCP frames each message with a two-octet length (RFC 1035 §4.2.2, RFC 7766 §8). Collects
 * bytes as they arrive and hands out whole messages; a zero length is a framing error. Chunks are joined
 * only once a whole frame is in, so a frame sent a byte at a time costs no more than one sent at once.
 */
export class TcpFraming {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Octets needed before a frame can be complete: the length prefix, then the frame. */
  private needed = 2;

  /** The whole messages `chunk` completes; throws on a zero-length frame. */
  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.needed) {
      if (this.buffered >= 2 && this.needed === 2) this.needed = 2 + this.frameLength();
      return [];
    }
    const pending = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const messages: Buffer[] = [];
    let at = 0;
    while (pending.length - at >= 2) {
      const length = pending.readUInt16BE(at);
      if (length === 0) throw new Error('a zero-length TCP frame');
      if (pending.length - at - 2 < length) break;
      messages.push(pending.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
    const rest = pending.subarray(at);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    this.needed = rest.length >= 2 ? 2 + rest.readUInt16BE(0) : 2;
    return messages;
  }

  private frameLength(): number {
    const head = this.chunks[0].length >= 2 ? this.chunks[0] : Buffer.concat(this.chunks);
    const length = head.readUInt16BE(0);
    if (length === 0) throw new Error('a zero-length TCP frame');
    return length;
  }
}

/** A response with its length prefix. */
export function framed(message: Buffer): Buffer {
  const out = Buffer.allocUnsafe(message.length + 2);
  out.writeUInt16BE(message.length, 0);
  message.copy(out, 2);
  return out;
}
