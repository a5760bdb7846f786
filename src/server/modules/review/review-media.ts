import { createLinkSigner } from '../../platform/signed-links';

/**
 * Signed addresses of the files on a review page: `/review-media/<linkId>/<fileId>?expires=&signature=`,
 * expiring with the review link (platform/signed-links.ts, a key of their own). A signature alone is
 * not enough: the route (reviewer-routes.ts) also finds the link live and the file on one of its posts.
 */
export function createReviewMedia(secret: string, now: () => Date) {
  const signer = createLinkSigner(secret, 'review-media', now);
  return {
    url(linkId: string, fileId: string, expiresAt: string): string {
      return `/review-media/${encodeURIComponent(linkId)}/${encodeURIComponent(fileId)}?${signer.query([linkId, fileId], new Date(expiresAt))}`;
    },
    verify(linkId: string, fileId: string, expires: string, signature: string): boolean {
      return signer.verify([linkId, fileId], expires, signature);
    },
  };
}

export type ReviewMedia = ReturnType<typeof createReviewMedia>;
