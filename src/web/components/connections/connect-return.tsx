import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AccountPicker } from './account-picker';
import { ENABLE_DOCS } from './connection-kinds';
import type { OAuthConnectError } from '@shared/schemas/publishing';

/** What each `?connect_error=<code>` means, and what to do next. */
const RETURN_ERRORS: Record<OAuthConnectError, string> = {
  oauth_denied: "The sign-in was cancelled on the network's page, so nothing was connected. To connect, press Connect again and allow access.",
  oauth_missing_permission:
    "A permission that publishing needs was turned off on the network's page, so nothing was connected. Press Connect again and leave every permission it asks for on.",
  oauth_failed: 'The sign-in did not finish, so nothing was connected: it took too long, was already used or was refused by the network. Press Connect again.',
  provider_unavailable: `Connecting that network is not enabled on this server, so nothing was connected. Its administrator can enable it (see ${ENABLE_DOCS}).`,
};
const RETURN_ERROR_OTHER = 'Connecting did not finish, so nothing was connected. Press Connect again.';

/** The sentence for a code from the address bar, which anyone can type (`constructor` included). */
const returnError = (code: string) => (Object.hasOwn(RETURN_ERRORS, code) ? RETURN_ERRORS[code as OAuthConnectError] : RETURN_ERROR_OTHER);

/**
 * The way back from a provider's page: `?connect=<grantId>` opens the account picker,
 * `?connect_error=<code>` says in a sentence what went wrong. Both leave the address once dealt with.
 */
export function ConnectReturn() {
  const [search, setSearch] = useSearchParams();
  const grantId = search.get('connect');
  const errorCode = search.get('connect_error');
  const alert = useRef<HTMLDivElement>(null);

  // The section may be far down the page (Settings): bring the sentence into view and read it out.
  useEffect(() => {
    if (errorCode === null) return;
    alert.current?.scrollIntoView({ block: 'center' });
    alert.current?.focus();
  }, [errorCode]);

  const clear = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connect');
        next.delete('connect_error');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      {errorCode !== null && (
        <Alert
          ref={alert}
          tabIndex={-1}
          // Focused to be read out, not to be typed in: no focus ring around a sentence.
          style={{ outline: 'none' }}
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          title="Nothing was connected"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={clear}
        >
          {returnError(errorCode)}
        </Alert>
      )}
      {grantId !== null && <AccountPicker grantId={grantId} onClose={clear} />}
    </>
  );
}
