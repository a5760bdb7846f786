/**
 * Every `code` the API's error shape can carry. Kept free of zod so the web client's error parsing,
 * which is in every page's bundle, can check codes without pulling zod in.
 *
 * Each case a client acts on has its own code: clients switch on codes, never on the message, whose
 * words may change.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  /** A 409 from outside our error shape (better-auth's, a proxy's); the server itself names the case. */
  'conflict',
  'stale_version',
  'archived',
  'connection_unreadable',
  /** Another generation of the month is running: re-attach to it. */
  'generation_running',
  /** The month has posts and the start did not say to replace them; `details.postCount` says how many, `details.keptPostCount` how many of them a regeneration keeps. */
  'month_has_posts',
  /** Every post of that generation was written. */
  'nothing_to_retry',
  /** The month has no saved strategy to write missing posts with. */
  'no_saved_strategy',
  /** The post is being sent this moment: it cannot be moved, unscheduled or deleted until that is done. */
  'delivery_in_flight',
  /** Only a failed, unknown or missed delivery can be retried. */
  'delivery_not_retryable',
  /** A published post cannot be unscheduled: its delivery's record stays. */
  'already_published',
  /** Only a delivery whose outcome is unknown can be confirmed. */
  'delivery_not_confirmable',
  /** Undo of a delete whose post is already back in the calendar. */
  'already_restored',
  /** The user has the most connections allowed. */
  'connection_limit',
  /** The operator has not configured that provider's app (its CLIENT_ID and CLIENT_SECRET). */
  'provider_unavailable',
  /** The sign-in with the provider expired, was refused or was already used: start it again. */
  'oauth_failed',
  /** The network would refuse the post as it is (no image for Instagram, too many hashtags, the daily limit): the message says what to change. */
  'network_refuses_post',
  /** The connection the post would go out through is disconnected: reconnect it first. */
  'connection_disconnected',
  /** The time zone was changed elsewhere at the same moment: try again. */
  'time_zone_changing',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  /** Too many requests for now (sign-in attempts, the AI provider's own limit): try again shortly. */
  'rate_limited',
  /** The user's AI requests for today (UTC) are used up. */
  'ai_limit_reached',
  /** The month holds the most posts a month can. */
  'month_full',
  /** The user has the most uploads in flight at once. */
  'uploads_in_flight',
  /** A review link that is not valid: unknown, withdrawn, expired, or not for that post. One answer for all, so a guess learns nothing. */
  'review_link_invalid',
  /** The user has made the most images allowed today (IMAGES_PER_USER_PER_DAY, UTC). */
  'image_limit_reached',
  /** The operator has not set an image model (AI_IMAGE_MODEL): only templates can make images. */
  'image_model_unavailable',
  /** A library file still shown by posts; `details.usedBy` says by how many. Delete again with confirm=true. */
  'media_in_use',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
