/**
 * A message for the next page to show after a full page load: the login page is a document of its
 * own, so a toast raised just before going there would be lost. Kept in this tab's sessionStorage and
 * shown once.
 */
export interface Flash {
  tone: 'success' | 'warning';
  title: string;
  message: string;
}

const KEY = 'planner:flash';

export function leaveFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage refused (private mode, quota): the page still changes, without the message.
  }
}

const isFlash = (value: unknown): value is Flash => {
  const candidate = value as Partial<Flash> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    (candidate.tone === 'success' || candidate.tone === 'warning') &&
    typeof candidate.title === 'string' &&
    typeof candidate.message === 'string'
  );
};

/** The waiting message, removed as it is read. */
export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isFlash(value) ? value : null;
  } catch {
    return null;
  }
}
