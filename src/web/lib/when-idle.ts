import { startTransition, useEffect, useState } from 'react';

/** Runs `work` when the browser is idle (within 5 s at the latest); the returned function cancels it. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1_000);
  return () => window.clearTimeout(handle);
}

/**
 * False until the browser has first been idle after the component mounted: for what can wait past the
 * first paint. The redraw it brings is a transition, rendered in slices between frames: an update from
 * an idle callback would otherwise be rendered in one task (the phone's side bar links and the '+'
 * tooltips took one of 40 to 80 ms at 4x CPU slowdown).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => startTransition(() => setIdle(true)))), [idle]);
  return idle;
}
