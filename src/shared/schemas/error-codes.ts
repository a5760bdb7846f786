/**
 * Every `code` the API's error shape can carry. Kept free of zod so the web client's error parsing,
 * which is in every page's bundle, can check codes without pulling zod in.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'stale_version',
  'archived',
  'connection_unreadable',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
