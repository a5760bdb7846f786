/** Raw HTTP as a client sends it to a stand-in, for the stand-ins' own tests: redirects not followed, a JSON answer parsed. */
export type Answer = { status: number; headers: Headers; body: any };

export interface CallInit {
  method?: string;
  form?: Record<string, string>;
  json?: unknown;
  bytes?: Buffer;
  parts?: FormData;
  /** A bearer token. */
  token?: string;
  /** `client_id:client_secret` for HTTP Basic authentication. */
  basic?: string;
  headers?: Record<string, string>;
}

/** Sends one request; with a body and no method it is a POST. */
export async function call(url: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    ...(init.basic ? { authorization: `Basic ${Buffer.from(init.basic).toString('base64')}` } : {}),
    ...init.headers,
  };
  let body: BodyInit | undefined;
  if (init.form) body = new URLSearchParams(init.form);
  else if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.bytes) {
    headers['content-type'] = 'application/octet-stream';
    body = new Uint8Array(init.bytes);
  } else if (init.parts) body = init.parts;
  const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, ...(body ? { body } : {}), redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}
