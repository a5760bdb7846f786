import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, parseResponse } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/when-idle';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The browser's time zone, read by a worker so the locale data loads off the main thread; on the page where workers cannot start. */
function timeZoneOffThread(): Promise<string> {
  return new Promise((resolve) => {
    try {
      const worker = new Worker(new URL('./time-zone.worker.ts', import.meta.url), { type: 'module' });
      const done = (timeZone: string) => {
        worker.terminate();
        resolve(timeZone);
      };
      worker.onmessage = (event: MessageEvent<unknown>) => done(typeof event.data === 'string' ? event.data : browserTimeZone());
      worker.onerror = () => done(browserTimeZone());
    } catch {
      resolve(browserTimeZone());
    }
  });
}

/**
 * Months and "today" are counted in the user's zone on the server; when the browser's zone differs
 * from the stored one (first visit, travel), the server learns it and the workspace is read again.
 * Checked once the page is idle, by a worker: reading the zone is the page's first use of Intl, which
 * loads the locale data (about 80 ms on a phone-speed CPU) and would otherwise block the page.
 */
export function useSyncTimeZone(storedTimeZone: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!storedTimeZone) return;
    let cancelled = false;
    const cancel = whenIdle(() => {
      void timeZoneOffThread().then((timeZone) => {
        if (cancelled || storedTimeZone === timeZone) return;
        void parseResponse(api.workspace['time-zone'].$put({ json: { timeZone } }))
          .then(() => queryClient.invalidateQueries())
          .catch(() => undefined);
      });
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [storedTimeZone, queryClient]);
}
