/** Whether a toast has been asked for yet: the providers mount the toast container from then on (lib/notify.tsx). */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export const toastsWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
};
