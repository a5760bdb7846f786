import http from 'node:http';
import type { JsonResponse, TestClient } from './test-client';

const BOUNDARY = '----planner-test-boundary';

/** A multipart/form-data body with one file in the field "file", as a browser encodes it. */
export function multipartBody(bytes: Buffer, name = 'upload.png', type = 'image/png'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export interface SlowUpload {
  /** Sends the rest of the body. */
  finish: () => void;
  /** The server's answer; a status of 0 when the connection was dropped without one. */
  response: Promise<JsonResponse<unknown>>;
}

/**
 * Starts an upload whose body is held back: only the first `sentBytes` are sent until `finish()`.
 * With `chunked`, no Content-Length is declared (the server can only count while reading).
 */
export function startSlowUpload(
  client: TestClient,
  path: string,
  body: Buffer,
  { sentBytes, chunked = false }: { sentBytes: number; chunked?: boolean },
): SlowUpload {
  const request = http.request(`${client.baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      origin: client.baseUrl,
      cookie: client.cookieHeader(),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(chunked ? {} : { 'content-length': body.length }),
    },
  });
  const response = new Promise<JsonResponse<unknown>>((resolve) => {
    request.on('response', (answer) => {
      let text = '';
      answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: new Headers() }));
    });
    // The server may answer and close while the body is still being sent.
    request.on('error', () => resolve({ status: 0, body: undefined, headers: new Headers() }));
  });
  request.write(body.subarray(0, sentBytes));
  return { finish: () => request.end(body.subarray(sentBytes)), response };
}
