import iconv from 'iconv-lite';
import { HttpError } from '../common/errors/http-error';
import { ZonefileUpload } from './zonefile-upload';

const text = (upload: ZonefileUpload) => [...upload.pieces()].join('');

describe('ZonefileUpload', () => {
  it('decodes as express.text did (iconv-lite): byte-order mark dropped, bad UTF-8 replaced', () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xe2, 0x82, 0x41, 0x0a]);
    const upload = new ZonefileUpload(bytes, 'utf-8');
    expect(text(upload)).toBe(iconv.decode(bytes, 'utf-8'));
    expect(upload.length).toBe(iconv.decode(bytes, 'utf-8').length);
    expect(new ZonefileUpload(Buffer.from([0xef, 0xbb, 0xbf]), 'utf-8').length).toBe(0);
  });

  it('keeps characters whole across its 64 KB pieces, in any charset', () => {
    const source = '; é€😀\n'.repeat(20_000);
    for (const charset of ['utf-8', 'utf-16le']) {
      const upload = new ZonefileUpload(iconv.encode(source, charset), charset);
      expect([...upload.pieces()].length).toBeGreaterThan(1);
      expect(text(upload)).toBe(source);
    }
    const latin1 = new ZonefileUpload(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'latin1');
    expect(text(latin1)).toBe('café');
  });

  it('refuses a NUL, naming its line, wherever it is', () => {
    const refusal = (source: string) => {
      try {
        new ZonefileUpload(Buffer.from(source), 'utf-8');
      } catch (error) {
        return [(error as HttpError).status, (error as HttpError).type, (error as Error).message];
      }
      return undefined;
    };
    expect(refusal('$ORIGIN a.test.\u0000\n')).toEqual([
      400,
      'bad_request',
      'The zonefile must not contain a NUL character (line 1)',
    ]);
    expect(refusal(`${'; filler\n'.repeat(10_000)}x\u0000`)?.[2]).toMatch(/\(line 10001\)$/);
    expect(refusal('; nothing wrong\n')).toBeUndefined();
  });
});
