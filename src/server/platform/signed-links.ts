import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * HMAC signatures for links that work without a session for a limited time (publishing's media links,
 * the review page's media). Each use has its own `purpose`: a key derived from the secret for it alone,
 * so a signature made for one kind of link is worthless on another. The signature covers the link's
 * parts and its expiry (unix seconds); expiry is checked on the injected clock.
 */
export function createLinkSigner(secret: string, purpose: string, now: () => Date = () => new Date()) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'content-planner', purpose, 32));
  const sign = (parts: string[], expires: number) =>
    createHmac('sha256', key)
      .update(`${parts.join('/')}/${expires}`)
      .digest('base64url');
  return {
    /** The query string a link carries: `expires=<unix s>&signature=<HMAC>`. */
    query(parts: string[], expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `expires=${expires}&signature=${sign(parts, expires)}`;
    },
    /** True when the signature is ours for these parts and the link has not expired. */
    verify(parts: string[], expires: string, signature: string): boolean {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now().getTime()) return false;
      const expected = Buffer.from(sign(parts, Number(expires)));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;
