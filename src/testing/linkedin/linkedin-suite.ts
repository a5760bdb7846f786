/** What the stand-in's own tests share: raw HTTP as a client sends it (redirects not followed, JSON parsed). */
export type Answer = { status: number; headers: Headers; body: any };

export async function call(
  url: string,
  init: { method?: string; form?: Record<string, string>; json?: unknown; bytes?: Buffer; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers };
  let body: BodyInit | undefined;
  if (init.form) body = new URLSearchParams(init.form);
  else if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.bytes) {
    headers['content-type'] = 'application/octet-stream';
    body = new Uint8Array(init.bytes);
  }
  const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, ...(body ? { body } : {}), redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** The headers every /rest call carries. */
export const restHeaders = (version: string) => ({ 'linkedin-version': version, 'x-restli-protocol-version': '2.0.0' });
