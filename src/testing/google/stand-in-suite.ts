import { readConsentForm } from '../stand-in/consent-page';
import { call } from '../stand-in/http-call';
import { startMediaHost } from '../meta/media-host';
import { startGoogleServer, type GoogleServer } from './google-server';

/** What the stand-in's own tests share: the servers they start, and raw HTTP. */

export type MediaHost = Awaited<ReturnType<typeof startMediaHost>>;

/** The stand-in, and a media host serving `files` for Google to fetch; `close` stops both. */
export async function startStandIn(options: {
  now: () => Date;
  redirectUris: string[];
  files?: Parameters<typeof startMediaHost>[0];
}): Promise<{ google: GoogleServer; media: MediaHost; close: () => Promise<void> }> {
  const google = await startGoogleServer({ now: options.now, redirectUris: options.redirectUris });
  const media = await startMediaHost(options.files ?? {});
  return {
    google,
    media,
    close: async () => {
      await google.close();
      await media.close();
    },
  };
}

export { call, type Answer } from '../stand-in/http-call';

/** Through the consent page as a browser would: the HTML page, then its form. Answers the redirect location. */
export async function clickConsent(google: GoogleServer, authorizeUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = await call(authorizeUrl);
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${String(page.body)}`);
  const { action, request } = readConsentForm(page.body as string);
  const redirect = await call(`${google.urls.accounts}${action}`, { form: { request, decision } });
  if (redirect.status !== 302) throw new Error(`The consent form answered ${redirect.status}`);
  return new URL(redirect.headers.get('location')!);
}
