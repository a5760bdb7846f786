/**
 * Fixed values of the API's shapes that screens show or check. Kept free of zod (like error-codes.ts)
 * so screens that only read, such as the month calendar and list, do not load the schemas; the schema
 * files re-export them.
 */
export const POST_STATUSES = ['draft', 'scheduled'] as const;
export const SINGLE_POST_PROMPT_MAX = 1000;
export const DEFAULT_SCHEDULE_TIME = '09:00';
/** A page of a post's earlier versions. */
export const VERSIONS_PAGE = { default: 10, max: 20 } as const;
/** How long the toast offers 'Undo' after a delete. */
export const UNDO_SECONDS = 10;
/** A post's approval by a reviewer through a review link; an edit sets it back to 'waiting'. */
export const APPROVAL_STATES = ['waiting', 'approved', 'changes_requested'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
