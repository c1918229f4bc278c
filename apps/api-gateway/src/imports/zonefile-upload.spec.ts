import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { HttpError } from '../common/errors/http-error';
import { ZonefileUpload } from './zonefile-upload';

/** An upload of `bytes`, arriving in chunks of `chunk` bytes, limited to `limit`. */
function upload(bytes: Buffer, charset = 'utf-8', { chunk = 1000, limit = 1 << 30 } = {}): ZonefileUpload {
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
    bytes.subarray(i * chunk, (i + 1) * chunk),
  );
  const stream = Readable.from(chunks, { objectMode: false });
  return new ZonefileUpload(stream, stream, charset, limit);
}

async function piecesOf(source: ZonefileUpload): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of source.pieces()) pieces.push(piece);
  return pieces;
}

async function refusal(source: ZonefileUpload): Promise<unknown[] | undefined> {
  try {
    await piecesOf(source);
  } catch (error) {
    return [(error as HttpError).status, (error as HttpError).type, (error as Error).message];
  }
  return undefined;
}

describe('ZonefileUpload', () => {
  it('decodes as express.text did (iconv-lite): byte-order mark dropped, bad UTF-8 replaced', async () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xe2, 0x82, 0x41, 0x0a]);
    expect((await piecesOf(upload(bytes, 'utf-8', { chunk: 3 }))).join('')).toBe(
      iconv.decode(bytes, 'utf-8'),
    );
    expect(await refusal(upload(Buffer.from([0xef, 0xbb, 0xbf])))).toEqual([
      400,
      'empty_request_body',
      'Request Body is empty',
    ]);
  });

  it('keeps characters whole across chunks, in any charset, in pieces of about 64 K characters', async () => {
    const source = '; é€😀\n'.repeat(20_000);
    for (const charset of ['utf-8', 'utf-16le']) {
      const pieces = await piecesOf(upload(iconv.encode(source, charset), charset, { chunk: 999 }));
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.slice(0, -1).every((piece) => piece.length >= 64 * 1024)).toBe(true);
      expect(pieces.join('')).toBe(source);
    }
    expect((await piecesOf(upload(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'latin1'))).join('')).toBe('café');
  });

  it('refuses a NUL, naming its line, wherever it is', async () => {
    const of = (source: string) => refusal(upload(Buffer.from(source), 'utf-8', { chunk: 7 }));
    expect(await of('$ORIGIN a.test.\u0000\n')).toEqual([
      400,
      'bad_request',
      'The zonefile must not contain a NUL character (line 1)',
    ]);
    expect((await of(`${'; filler\n'.repeat(10_000)}x\u0000`))?.[2]).toMatch(/\(line 10001\)$/);
    expect(await of('; nothing wrong\n')).toBeUndefined();
  });

  it('refuses a body above the limit as it arrives (413)', async () => {
    const bytes = Buffer.from('; x\n'.repeat(1000));
    expect(await refusal(upload(bytes, 'utf-8', { limit: bytes.length - 1 }))).toEqual([
      413,
      'request_too_large',
      'Request body is too large',
    ]);
    expect(await refusal(upload(bytes, 'utf-8', { limit: bytes.length }))).toBeUndefined();
  });

  it('refuses a body that cannot be read (400)', async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error('aborted'));
      },
    });
    expect(await refusal(new ZonefileUpload(broken, broken, 'utf-8', 1000))).toEqual([
      400,
      'bad_request',
      'Request aborted',
    ]);
  });
});
