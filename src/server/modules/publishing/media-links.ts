import { createLinkSigner } from '../../platform/signed-links';

/**
 * Links to a post's media that a receiver can fetch without a session, for a limited time: the path
 * names the owner and file, and carries an expiry and an HMAC over both (platform/signed-links.ts).
 * Expiry is checked on the injected clock, the one the engine dates the links by.
 */
export function createMediaLinks(secret: string, publicUrl: string, now: () => Date = () => new Date()) {
  const signer = createLinkSigner(secret, 'media-links', now);
  return {
    link(userId: string, fileId: string, expiresAt: Date): string {
      return `${publicUrl}/media-links/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}?${signer.query([userId, fileId], expiresAt)}`;
    },
    /** True when the signature is ours and the link has not expired. */
    verify(userId: string, fileId: string, expires: string, signature: string): boolean {
      return signer.verify([userId, fileId], expires, signature);
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
