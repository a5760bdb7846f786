import { mediaFileParamSchema } from '@shared/schemas/post';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../errors';
import { ownBodyLimit } from '../../middleware/body-limit';
import { tooLargeError, UPLOAD_BODY_LIMIT, type MediaFile } from './media-service';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

export type ByteRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * A `Range` header (RFC 9110 §14) for a file of `size` bytes: `bytes=a-b`, `bytes=a-` or the last n
 * bytes `bytes=-n`. A header we do not understand, or one asking for several ranges, gets the whole
 * file (which the RFC allows). Stored files never change, so `If-Range` needs no check.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}

/** Answers with the file, or the part of it the `Range` header asks for; HEAD gets the headers only. */
export async function sendFile(c: Context<AppEnv>, file: MediaFile) {
  c.header('Accept-Ranges', 'bytes');
  c.header('Cache-Control', 'private, max-age=3600');
  const range = parseByteRange(c.req.header('range'), file.size);
  if (range.kind === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${file.size}`);
    throw new AppError('range_not_satisfiable', `The file has ${file.size} bytes; the requested range is outside it.`);
  }
  const { start, end } = range.kind === 'part' ? range : { start: 0, end: file.size - 1 };
  c.header('Content-Type', file.mime);
  c.header('Content-Disposition', 'inline');
  c.header('Content-Length', String(end - start + 1));
  if (range.kind === 'part') c.header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  const status = range.kind === 'part' ? 206 : 200;
  if (c.req.method === 'HEAD' || file.size === 0) return c.body(null, status);
  return c.body(await file.read(start, end), status);
}

/**
 * Mounted at /media: a user's uploaded files, private to them, in byte ranges for video players; and an
 * upload kept on its own (multipart, field "file" -> 201 { type, url }), for the brand kit's logo.
 */
export function mediaRoutes(deps: AppDeps) {
  const { services } = deps;
  return (
    protectedRoutes(deps)
      .post('/', ownBodyLimit(UPLOAD_BODY_LIMIT, tooLargeError), async (c) =>
        c.json(await services.media.uploadFile(c.var.user.id, c.req.raw.body, c.req.header('content-type')), 201),
      )
      // GET also answers HEAD (Hono runs the GET handler and drops the body).
      .get('/:fileId', validate('param', mediaFileParamSchema), async (c) =>
        sendFile(c, await services.media.locate(c.var.user.id, c.req.valid('param').fileId)),
      )
  );
}
