import { ApiRequestError, errorMessage } from '../../lib/api-error';

/** The link no longer opens anything: expired, withdrawn, never real. The one answer a guess gets. */
export const isInvalidLink = (error: unknown): boolean =>
  error instanceof ApiRequestError && (error.code === 'review_link_invalid' || error.status === 404 || error.status === 400);

/** An action's failure in words a reviewer without an account can act on. */
export function reviewErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return errorMessage(error);
  switch (error.code) {
    case 'stale_version':
      return 'This post was changed while you were looking at it. Here is the new version: have a look, then decide again.';
    case 'archived':
      return 'This month has ended, so its posts can no longer be reviewed.';
    case 'rate_limited':
      return 'That was a lot of answers in a short time. Wait a minute, then try again.';
    case 'unavailable':
      return 'Cannot reach the server. Check your connection and try again.';
    default:
      return error.status >= 500 ? 'Something went wrong on our side. Try again in a moment.' : error.message;
  }
}
