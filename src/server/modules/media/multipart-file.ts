/**
 * Reads one file out of a multipart/form-data body as it arrives, never holding more than one chunk
 * of it: uploads go to disk while they stream in, and the limits are enforced on the way.
 */
import { AppError } from '../../errors';

const CUT_OFF = 'The upload was cut off before the file arrived completely. Please try again.';
const HEADERS_MAX = 16 * 1024;

/** The boundary of a multipart/form-data body, or a 415 that says how to send the file. */
export function multipartBoundary(contentType: string | undefined): string {
  const match = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  if (!match) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in a field named "file".');
  return (match[1] ?? match[2])!;
}

export interface MultipartFile {
  /** The name the browser gave the file (for messages only; stored files get a random name). */
  filename: string;
  /** The file's bytes, chunk by chunk; ends when the part ends, throws if the body is cut off. */
  chunks: AsyncGenerator<Buffer>;
}

class BodyReader {
  private buffer: Buffer;
  private received = 0;

  constructor(
    private readonly source: ReadableStreamDefaultReader<Uint8Array>,
    private readonly maxBytes: number,
    private readonly tooLarge: () => AppError,
    start: Buffer,
  ) {
    this.buffer = start;
  }

  /** Adds the next chunk of the body to the buffer; false at its end. */
  private async fill(): Promise<boolean> {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await this.source.read();
    } catch {
      // The client went away mid-body.
      throw new AppError('bad_request', CUT_OFF);
    }
    if (next.done) return false;
    this.received += next.value.byteLength;
    if (this.received > this.maxBytes) throw this.tooLarge();
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /** The bytes before `marker` (which is consumed too), at most `max` of them. */
  async readUntil(marker: Buffer, max: number): Promise<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(marker);
      if (at >= 0) {
        const head = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + marker.length);
        return head;
      }
      if (this.buffer.length > max + marker.length) throw new AppError('bad_request', 'The upload is not a well-formed multipart/form-data body.');
      if (!(await this.fill())) throw new AppError('bad_request', CUT_OFF);
    }
  }

  /** Streams the bytes before `marker`, keeping back only what could be the marker's beginning. */
  async *streamUntil(marker: Buffer): AsyncGenerator<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(marker);
      if (at >= 0) {
        const last = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + marker.length);
        if (last.length > 0) yield last;
        return;
      }
      const ready = this.buffer.length - Math.min(this.buffer.length, marker.length - 1);
      if (ready > 0) {
        const chunk = this.buffer.subarray(0, ready);
        this.buffer = this.buffer.subarray(ready);
        yield chunk;
      }
      if (!(await this.fill())) throw new AppError('bad_request', CUT_OFF);
    }
  }

  /** The next two bytes, without consuming them. */
  async peek2(): Promise<string> {
    while (this.buffer.length < 2) if (!(await this.fill())) throw new AppError('bad_request', CUT_OFF);
    return this.buffer.subarray(0, 2).toString('latin1');
  }
}

function dispositionParam(headers: string, name: string): string | undefined {
  const line = headers.split(/\r?\n/).find((header) => header.toLowerCase().startsWith('content-disposition:'));
  const disposition = line?.slice('content-disposition:'.length) ?? '';
  const match = new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(disposition) ?? new RegExp(`;\\s*${name}=([^;\\s"]+)`, 'i').exec(disposition);
  return match?.[1];
}

/**
 * Finds the part `field` with a file in it and hands back its name and a stream of its bytes. Other
 * parts are skipped. The whole body may not exceed `maxBodyBytes` (then `tooLarge()` is thrown).
 */
export async function openMultipartFile(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  { field, maxBodyBytes, tooLarge }: { field: string; maxBodyBytes: number; tooLarge: () => AppError },
): Promise<MultipartFile> {
  if (!body) throw new AppError('bad_request', `Send the file in a field named "${field}".`);
  // A CRLF in front lets the first boundary be found like every later one.
  const reader = new BodyReader(body.getReader(), maxBodyBytes, tooLarge, Buffer.from('\r\n'));
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const skip = async () => {
    for await (const _ of reader.streamUntil(delimiter));
  };

  await skip(); // the preamble
  for (;;) {
    if ((await reader.peek2()) === '--') throw new AppError('bad_request', `Send the file in a field named "${field}".`);
    await reader.readUntil(Buffer.from('\r\n'), 256); // transport padding after the boundary
    const headers = (await reader.readUntil(Buffer.from('\r\n\r\n'), HEADERS_MAX)).toString('utf8');
    const filename = dispositionParam(headers, 'filename');
    if (dispositionParam(headers, 'name') === field && filename !== undefined) {
      async function* chunks() {
        yield* reader.streamUntil(delimiter);
        // The rest (normally just the closing boundary) is read, so the connection stays usable.
        while ((await reader.peek2()) !== '--') await skip();
      }
      return { filename: filename.slice(0, 200), chunks: chunks() };
    }
    await skip();
  }
}
