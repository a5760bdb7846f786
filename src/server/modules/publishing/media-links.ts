import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Links to a post's media that a receiver can fetch without a session, for a limited time: the path
 * names the owner and file, and carries an expiry and an HMAC over both. Expiry is checked on the
 * injected clock, the one the engine dates the links by.
 */
export function createMediaLinks(secret: string, publicUrl: string, now: () => Date = () => new Date()) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'content-planner', 'media-links', 32));
  const sign = (userId: string, fileId: string, expires: number) => createHmac('sha256', key).update(`${userId}/${fileId}/${expires}`).digest('base64url');
  return {
    link(userId: string, fileId: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${publicUrl}/media-links/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}?expires=${expires}&signature=${sign(userId, fileId, expires)}`;
    },
    /** True when the signature is ours and the link has not expired. */
    verify(userId: string, fileId: string, expires: string, signature: string): boolean {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now().getTime()) return false;
      const expected = Buffer.from(sign(userId, fileId, Number(expires)));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
