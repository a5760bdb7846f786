import { Suspense, useEffect, useState, type ReactNode } from 'react';

function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * Renders a lazily loaded drawer or modal only from the first time it is wanted, so its code is
 * fetched on use rather than with the screen. It is committed closed once before it opens (`open`
 * turns true a moment later): Mantine's overlays note the focused element when they open, and give
 * focus back to it when they close. Once loaded it stays mounted, so later openings are immediate;
 * `warm` mounts it (closed) ahead of use, e.g. when the user's pointer first moves over the screen.
 */
export function LoadOnUse({ wanted, warm = false, children }: { wanted: boolean; warm?: boolean; children: (open: boolean) => ReactNode }) {
  const [used, setUsed] = useState(false);
  const [ready, setReady] = useState(false);
  if ((wanted || warm) && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Mounted onMount={() => setReady(true)} />
      {children(ready && wanted)}
    </Suspense>
  );
}
