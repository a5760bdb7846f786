import type { TestClient } from './test-client';

/** One Server-Sent Events frame: a named event with its data, or a comment line (keep-alive). */
export type SseFrame = { kind: 'event'; event: string; data: string } | { kind: 'comment'; raw: string };

export interface SseReader {
  status: number;
  contentType: string | null;
  /** The next frame; null once the server has ended the stream. */
  next: () => Promise<SseFrame | null>;
  /** Hangs up like a closed browser tab. */
  close: () => void;
}

function parseFrame(block: string): SseFrame | null {
  const lines = block.split('\n');
  if (lines.every((line) => line.startsWith(':'))) return { kind: 'comment', raw: block };
  const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
  const data = lines
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6))
    .join('\n');
  return lines.some((line) => line.startsWith('data: ')) ? { kind: 'event', event, data } : null;
}

/** Opens an event stream with the client's session and reads it frame by frame, as EventSource does. */
export async function openEventStream(client: TestClient, path: string): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(`${client.baseUrl}${path}`, {
    headers: { cookie: client.cookieHeader(), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame = parseFrame(block);
          if (frame) return frame;
          continue;
        }
        if (ended) return null;
        const { done, value } = await reader.read();
        if (done) ended = true;
        else buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

/** Every 'progress' event's job until the server ends the stream. */
export async function readProgressUntilEnd<T = any>(stream: SseReader): Promise<T[]> {
  const jobs: T[] = [];
  for (let frame = await stream.next(); frame; frame = await stream.next()) {
    if (frame.kind === 'event' && frame.event === 'progress') jobs.push(JSON.parse(frame.data) as T);
  }
  return jobs;
}
