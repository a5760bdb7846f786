import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { looksLikeEmail, PASSWORD_MAX, PASSWORD_MIN } from '@shared/domain/account';
import { ApiRequestError } from '../../../lib/api-error';
import { leaveFlash } from '../../../lib/flash';
import { paths } from '../../../lib/paths';
import { requestPasswordReset, resetPassword } from '../api/password-reset';
import { AuthCard as Card } from './auth-card';
import { TOO_MANY } from './login-page';

const LINK_SPENT = 'This link has expired or was already used. Ask for a new one.';

const Failure = ({ children }: { children: ReactNode }) => (
  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
    {children}
  </Alert>
);

const BackToLogin = () => (
  <Text size="sm" ta="center">
    <Anchor href={paths.login} size="sm">
      Back to log in
    </Anchor>
  </Text>
);

/** "Forgot password?": asks for the address and says the same whether it has an account or not. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const address = email.trim();
    if (!looksLikeEmail(address)) return setError('Enter a valid email address.');
    setBusy(true);
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (caught) {
      setFailure(caught instanceof ApiRequestError && caught.status === 429 ? TOO_MANY : 'Could not send the link. Please try again in a moment.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Reset your password" intro="We will e-mail you a link to choose a new password.">
      {sentTo ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
          Check your e-mail. If an account uses {sentTo}, a link to set a new password is on its way. It works once, for one hour.
        </Alert>
      ) : (
        <>
          {failure && <Failure>{failure}</Failure>}
          <OneFieldForm onSubmit={submit} busy={busy} submitLabel="Send the link">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              error={error}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError(undefined);
              }}
            />
          </OneFieldForm>
        </>
      )}
      <BackToLogin />
    </Card>
  );
}

/** A form of one field and its submit button, as both pages ask for one thing. */
function OneFieldForm({
  onSubmit,
  busy,
  submitLabel,
  children,
}: {
  onSubmit: (event: React.FormEvent) => Promise<void>;
  busy: boolean;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {children}
        <Button type="submit" fullWidth size="md" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Opened from the e-mailed link (better-auth forwards here with ?token=, or ?error=INVALID_TOKEN). */
export function NewPasswordPage({ token, linkError }: { token: string | null; linkError: boolean }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(linkError || !token ? LINK_SPENT : null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setFailure(null);
    if (password.length < PASSWORD_MIN) return setError(`Use at least ${PASSWORD_MIN} characters.`);
    if (password.length > PASSWORD_MAX) return setError(`Use at most ${PASSWORD_MAX} characters.`);
    setBusy(true);
    try {
      await resetPassword(token, password);
      leaveFlash({ tone: 'success', title: 'Password changed', message: 'Log in with your new password. Every other device was signed out.' });
      window.location.replace(paths.login);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiRequestError && caught.status === 429) setFailure(TOO_MANY);
      else if (caught instanceof ApiRequestError && caught.authCode === 'INVALID_TOKEN') setFailure(LINK_SPENT);
      else setFailure('Could not change your password. Please try again.');
    }
  };

  return (
    <Card title="Choose a new password" intro="It replaces your old password and signs you out everywhere else.">
      {failure && (
        <Failure>
          {failure}{' '}
          {failure === LINK_SPENT && (
            <Anchor href={paths.forgotPassword} size="sm">
              Send a new link
            </Anchor>
          )}
        </Failure>
      )}
      {token && !linkError && (
        <OneFieldForm onSubmit={submit} busy={busy} submitLabel="Set new password">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN} characters.`}
            value={password}
            error={error}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(undefined);
            }}
          />
        </OneFieldForm>
      )}
      <BackToLogin />
    </Card>
  );
}
