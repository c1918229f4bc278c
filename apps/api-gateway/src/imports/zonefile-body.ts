import { Readable, Transform, finished, pipeline } from 'node:stream';
import * as zlib from 'node:zlib';
import contentType from 'content-type';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import iconv from 'iconv-lite';
import { ZonefileUpload, bodyError } from './zonefile-upload';

const uploads = new WeakMap<Request, ZonefileUpload>();

/** The zonefile of a text/dns import request, once `zonefileBody` has read it. */
export const zonefileUploadOf = (req: Request): ZonefileUpload | undefined => uploads.get(req);

/** Content encodings body-parser inflates, and how; it refuses any other before looking at the charset. */
const INFLATERS: Record<string, (() => Transform) | undefined> = {
  identity: undefined,
  deflate: () => zlib.createInflate(),
  gzip: () => zlib.createGunzip(),
  br: () => zlib.createBrotliDecompress(),
  ...('createZstdDecompress' in zlib
    ? { zstd: () => (zlib as unknown as { createZstdDecompress: () => Transform }).createZstdDecompress() }
    : {}),
};
const INFLATED = new Set(Object.keys(INFLATERS));

/** Whether the request has a body, as type-is (body-parser) judges it. */
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined ||
  !Number.isNaN(Number(req.headers['content-length'] ?? NaN));

const encodingOf = (req: Request) => (req.headers['content-encoding'] ?? 'identity').toLowerCase();

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
  const encoding = encodingOf(req);
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
 * What body-parser refuses before reading a text/dns body, in its order: an unknown charset (as
 * express.text), an encoding it cannot inflate (415), a declared length above the limit (413).
 */
function refusalBeforeReading(req: Request, charset: string, limitBytes: number): Error | undefined {
  if (charsetRefused(req, charset, limitBytes)) return unsupportedCharset(charset);
  const encoding = encodingOf(req);
  if (!INFLATED.has(encoding)) return bodyError(415, 'encoding.unsupported');
  const declared = encoding === 'identity' ? Number.parseInt(req.headers['content-length'] ?? '', 10) : NaN;
  if (declared > limitBytes) return bodyError(413, 'entity.too.large');
  return undefined;
}

/**
 * Prepares text/dns bodies on the imports route as express.text did — the same limit (413), inflation,
 * charsets and errors — without reading them: the controller takes the upload (`zonefileUploadOf`) once
 * the caller may import, and it is read, decoded and stored a piece at a time (ZonefileUpload). A refusal
 * known before reading is kept for after authentication (deferBodyErrors), the body read off first, as
 * body-parser does. `req.body` stays unset.
 */
export function zonefileBody(limitBytes: number): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || !req.is('text/dns') || !hasBody(req)) return next();
    const charset = charsetOf(req);
    const refused = refusalBeforeReading(req, charset, limitBytes);
    if (refused) {
      finished(req, () => next(refused));
      req.resume();
      return;
    }
    const inflater = INFLATERS[encodingOf(req)];
    const body: Readable = inflater ? pipeline(req, inflater(), () => undefined) : req;
    uploads.set(req, new ZonefileUpload(body, req, charset, limitBytes));
    next();
  };
}
