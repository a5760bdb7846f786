import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** The spec's question, asked before closing the drawer or moving to another post with unsaved edits. */
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Are you sure you want to close?';
export const LEAVE_PAGE_MESSAGE = 'You have unsaved changes. Are you sure you want to leave this page?';

/** True when there is nothing to lose or the user agrees to lose it. */
export function confirmDiscard(dirty: boolean, message = UNSAVED_CHANGES_MESSAGE): boolean {
  return !dirty || window.confirm(message);
}

/** While `dirty`, the browser warns before a reload, closing the tab or leaving the site. */
export function useBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * In-app navigation to another page (back button, links) asks first. Mount it only while there are unsaved
 * edits: React Router honours one blocker at a time, so an always-mounted one would silence the page's own.
 * Changes of the search string on the same page (which post is open) are left to the drawer, which asks itself.
 */
export function useLeavePageBlocker(): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_PAGE_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
