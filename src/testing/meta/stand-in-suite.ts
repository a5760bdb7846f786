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

export { call } from '../stand-in/http-call';
