import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toastsWanted } from '../lib/toasts-wanted';
import { theme } from '../theme';
import { queryClient } from './query-client';

// The toast container (and its library) load with the first toast, not with the first paint.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

/**
 * The app is light only. Mantine's default manager reads the scheme from localStorage in the first
 * render, and a tab's first localStorage read waits for the browser process.
 */
export const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

export function AppProviders({ children }: { children: ReactNode }) {
  const toasts = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  return (
    // The theme's CSS variables are a static sheet (theme-variables.css), not computed in the first render.
    <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={lightOnly} withCssVariables={false}>
      {toasts && (
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
