import { startMediaHost } from './media-host';
import { startMetaServer, type MetaServer } from './meta-server';

/** What the stand-in's own tests (meta-server.test.ts, instagram-login.test.ts) share: the servers they start, and raw HTTP. */

export type MediaHost = Awaited<ReturnType<typeof startMediaHost>>;

/** The stand-in, and a media host serving `files` for it to fetch; `close` stops both. */
export async function startStandIn(options: {
  now: () => Date;
  redirectUris: string[];
  files: Parameters<typeof startMediaHost>[0];
}): Promise<{ meta: MetaServer; media: MediaHost; close: () => Promise<void> }> {
  const meta = await startMetaServer({ now: options.now, redirectUris: options.redirectUris });
  const media = await startMediaHost(options.files);
  return {
    meta,
    media,
    close: async () => {
      await meta.close();
      await media.close();
    },
  };
}

type Answer = { status: number; headers: Headers; body: any };

/** One request as a client sends it (a form is POSTed, redirects are not followed); a JSON body is parsed. */
export async function call(url: string, init: { method?: string; form?: Record<string, string>; token?: string } = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
    ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}
