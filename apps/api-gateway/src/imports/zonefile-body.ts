import { finished } from 'node:stream';
import * as zlib from 'node:zlib';
import contentType from 'content-type';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import iconv from 'iconv-lite';
import { ZonefileUpload } from './zonefile-upload';

const uploads = new WeakMap<Request, ZonefileUpload>();

/** The zonefile of a text/dns import request, once `zonefileBody` has read it. */
export const zonefileUploadOf = (req: Request): ZonefileUpload | undefined => uploads.get(req);

/** Content encodings body-parser inflates; it refuses any other before looking at the charset. */
const INFLATED = new Set([
  'identity',
  'deflate',
  'gzip',
  'br',
  ...('createZstdDecompress' in zlib ? ['zstd'] : []),
]);

/** The body's charset, as body-parser reads it (utf-8 when none or unreadable). */
function charsetOf(req: Request): string {
  try {
    return contentType.parse(req).parameters.charset?.toLowerCase() || 'utf-8';
  } catch {
    return 'utf-8';
  }
}

/**
 * Whether express.text would refuse the charset, which it does before reading the body but after
 * refusing an encoding it cannot inflate (415) or a declared length above the limit (413): those
 * express.raw still answers.
 */
function charsetRefused(req: Request, charset: string, limitBytes: number): boolean {
  if (iconv.encodingExists(charset) || !req.is('text/dns')) return false;
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (!INFLATED.has(encoding)) return false;
  const declared = encoding === 'identity' ? Number.parseInt(req.headers['content-length'] ?? '', 10) : NaN;
  return !(declared > limitBytes);
}

/** body-parser's error for it (the exception filter makes it 415 unsupported_content_type). */
const unsupportedCharset = (charset: string) =>
  Object.assign(new Error(`unsupported charset "${charset.toUpperCase()}"`), {
    status: 415,
    type: 'charset.unsupported',
  });

/**
 * Reads text/dns bodies on the imports route as express.text did — the same limit (413), inflation,
 * charsets and errors — but keeps the bytes rather than one string of the whole file: the import is
 * decoded a piece at a time as it is stored (ZonefileUpload). `req.body` stays unset; the controller
 * takes the upload with `zonefileUploadOf`.
 */
export function zonefileBody(limitBytes: number): RequestHandler {
  const raw = express.raw({ type: 'text/dns', limit: limitBytes });
  return (req: Request, res: Response, next: NextFunction) => {
    const charset = charsetOf(req);
    if (charsetRefused(req, charset, limitBytes)) {
      // Like body-parser: the body is read off before the answer.
      finished(req, () => next(unsupportedCharset(charset)));
      req.resume();
      return;
    }
    raw(req, res, (error?: unknown) => {
      if (error) return next(error);
      const bytes: unknown = req.body;
      req.body = undefined;
      if (!Buffer.isBuffer(bytes) || req.method !== 'POST') return next();
      try {
        uploads.set(req, new ZonefileUpload(bytes, charset));
      } catch (refused) {
        return next(refused);
      }
      next();
    });
  };
}
