import { EMPTY_PROFILE_INPUT, profileInputSchema, type ProfileInput } from '@shared/schemas/profile';

/**
 * The wizard's answers while the browser is away signing in to a network (Connect Accounts): the
 * provider sends it back to /onboarding as a new page load, which would otherwise start empty. Kept in
 * this tab's sessionStorage, read once on the way back.
 */
const KEY = 'planner:onboarding-draft';

export function keepDraft(values: ProfileInput): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // Storage refused (private mode, quota): the sign-in still goes ahead, the answers are typed again.
  }
}

/** The kept answers over the empty ones, each field only if it still reads as valid. */
export function readDraft(): ProfileInput {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    return { ...EMPTY_PROFILE_INPUT };
  }
  const draft: Record<string, unknown> = { ...EMPTY_PROFILE_INPUT };
  for (const [field, schema] of Object.entries(profileInputSchema.shape)) {
    const checked = schema.safeParse(stored[field]);
    if (field in stored && checked.success) draft[field] = stored[field];
  }
  return draft as ProfileInput;
}

export function dropDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept to drop.
  }
}
