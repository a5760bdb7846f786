import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { looksLikeEmail, PASSWORD_MAX, PASSWORD_MIN } from '@shared/domain/account';
import type { Credentials } from '@shared/schemas/auth';
import { paths } from '../../../lib/paths';
import { ApiRequestError } from '../../../lib/api-error';
import { signIn, signUp } from '../api/credentials';
import { loginOptions } from '../api/password-reset';
import { takeFlash } from '../../../lib/flash';
import { AuthCard } from './auth-card';

type Mode = 'login' | 'signup';

export const LOGIN_FAILED = 'Failed to log in. Please check your credentials.';
export const TOO_MANY = 'Too many attempts from this device. Please wait a minute and try again.';
/** better-auth's codes for a sign-up with an email that has an account. */
const ACCOUNT_EXISTS = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

function signUpFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return TOO_MANY;
    if (error.authCode && ACCOUNT_EXISTS.has(error.authCode)) return 'An account with this email already exists. Log in instead.';
    if (error.status < 500) return error.message;
  }
  return 'Could not create your account. Please try again.';
}

/** The sign-up form's checks (the server applies the same rules through better-auth). */
function signUpProblems({ email, password }: Credentials): Record<string, string> | null {
  const problems: Record<string, string> = {};
  if (!looksLikeEmail(email.trim())) problems.email = 'Enter a valid email address.';
  if (password.length < PASSWORD_MIN) problems.password = `Use at least ${PASSWORD_MIN} characters.`;
  else if (password.length > PASSWORD_MAX) problems.password = `Use at most ${PASSWORD_MAX} characters.`;
  return Object.keys(problems).length > 0 ? problems : null;
}

/** What the app left to say on its way here (account deleted, signed out on this device only): read once per page load. */
const flash = takeFlash();

/** Into the app with a full page load: the app is another document, which reads the new session. */
const enter = (path: string) => window.location.replace(path);

export function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Plain state rather than @mantine/form: this page is the first download of every visitor.
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Credentials, string>>>({});
  // "Forgot password?" only where the server e-mails reset links (SMTP configured).
  const [canReset, setCanReset] = useState(false);
  useEffect(() => {
    let current = true;
    void loginOptions().then((options) => current && setCanReset(options.passwordReset));
    return () => {
      current = false;
    };
  }, []);
  const field = (name: keyof Credentials) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (mode === 'login') {
      setBusy(true);
      try {
        await signIn(values);
        enter(paths.dashboard);
      } catch (error) {
        setBusy(false);
        setFailure(error instanceof ApiRequestError && error.status === 429 ? TOO_MANY : LOGIN_FAILED);
      }
      return;
    }
    const problems = signUpProblems(values);
    if (problems) {
      setErrors(problems);
      return;
    }
    setBusy(true);
    try {
      await signUp({ email: values.email.trim(), password: values.password });
      enter(paths.onboarding);
    } catch (error) {
      setBusy(false);
      setFailure(signUpFailure(error));
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setFailure(null);
    setErrors({});
  };

  return (
    <AuthCard
      title={mode === 'login' ? 'Login' : 'Create account'}
      intro={mode === 'login' ? 'Welcome back. Sign in to plan your content.' : 'Start planning a month of posts in minutes.'}
    >
      {flash && (
        <Alert color={flash.tone === 'success' ? 'teal' : 'yellow'} variant="light" icon={<IconInfoCircle size={18} />} title={flash.title} role="status">
          {flash.message}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {failure}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
          <PasswordInput
            label="Password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            description={mode === 'signup' ? `At least ${PASSWORD_MIN} characters.` : undefined}

            {...field('password')}
          />
          <Button type="submit" fullWidth size="md" loading={busy}>
            {mode === 'login' ? 'Log In' : 'Create account'}
          </Button>
        </Stack>
      </form>
      {mode === 'login' && canReset && (
        <Text size="sm" ta="center" mt={-8}>
          <Anchor href={paths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Text>
      )}
      <Text size="sm" ta="center" c="dimmed">
        {mode === 'login' ? 'New here? ' : 'Already have an account? '}
        <Anchor component="button" type="button" size="sm" onClick={() => switchMode(mode === 'login' ? 'signup' : 'login')}>
          {mode === 'login' ? 'Create account' : 'Log in'}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
