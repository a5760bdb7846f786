import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, parseResponse } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/when-idle';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Months and "today" are counted in the user's zone on the server; when the browser's zone differs
 * from the stored one (first visit, travel), the server learns it and the workspace is read again.
 * Checked once the page is idle: reading the zone is the page's first use of Intl, which loads the
 * locale data (about 80 ms on a phone-speed CPU) and would otherwise hold up the first screen.
 */
export function useSyncTimeZone(storedTimeZone: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!storedTimeZone) return;
    return whenIdle(() => {
      const timeZone = browserTimeZone();
      if (storedTimeZone === timeZone) return;
      void parseResponse(api.workspace['time-zone'].$put({ json: { timeZone } }))
        .then(() => queryClient.invalidateQueries())
        .catch(() => undefined);
    });
  }, [storedTimeZone, queryClient]);
}
