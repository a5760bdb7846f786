import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, parseResponse } from '../../../lib/api-client';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Months and "today" are counted in the user's zone on the server; when the browser's zone differs
 * from the stored one (first visit, travel), the server learns it and the workspace is read again.
 */
export function useSyncTimeZone(storedTimeZone: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timeZone = browserTimeZone();
    if (!storedTimeZone || storedTimeZone === timeZone) return;
    void parseResponse(api.workspace['time-zone'].$put({ json: { timeZone } }))
      .then(() => queryClient.invalidateQueries())
      .catch(() => undefined);
  }, [storedTimeZone, queryClient]);
}
