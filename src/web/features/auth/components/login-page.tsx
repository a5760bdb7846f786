import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN, signUpSchema, type Credentials } from '../../../../shared/schemas/auth';
import { paths } from '../../../app/paths';
import { ApiRequestError } from '../../../lib/api-error';
import { useSignIn, useSignUp } from '../api/session';
import { Logo } from './logo';

type Mode = 'login' | 'signup';

export const LOGIN_FAILED = 'Failed to log in. Please check your credentials.';
const TOO_MANY = 'Too many attempts from this device. Please wait a minute and try again.';

function signUpFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return TOO_MANY;
    if (/exist/i.test(error.message)) return 'An account with this email already exists. Log in instead.';
    if (error.status < 500) return error.message;
  }
  return 'Could not create your account. Please try again.';
}

export function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const form = useForm<Credentials>({ mode: 'controlled', initialValues: { email: '', password: '' } });
  const busy = signIn.isPending || signUp.isPending;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (mode === 'login') {
      try {
        await signIn.mutateAsync(values);
        await navigate(paths.dashboard, { replace: true });
      } catch (error) {
        setFailure(error instanceof ApiRequestError && error.status === 429 ? TOO_MANY : LOGIN_FAILED);
      }
      return;
    }
    const checked = signUpSchema.safeParse(values);
    if (!checked.success) {
      for (const issue of checked.error.issues) form.setFieldError(String(issue.path[0]), issue.message);
      return;
    }
    try {
      await signUp.mutateAsync(checked.data);
      await navigate(paths.onboarding, { replace: true });
    } catch (error) {
      setFailure(signUpFailure(error));
    }
  });

  const switchMode = (next: Mode) => {
    setMode(next);
    setFailure(null);
    form.clearErrors();
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p={36} w="100%" maw={420}>
        <Stack gap="lg">
          <Logo />
          <div>
            <Title order={1} fz={26}>
              {mode === 'login' ? 'Login' : 'Create account'}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {mode === 'login' ? 'Welcome back. Sign in to plan your content.' : 'Start planning a month of posts in minutes.'}
            </Text>
          </div>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
              <PasswordInput
                label="Password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                description={mode === 'signup' ? `At least ${PASSWORD_MIN} characters.` : undefined}

                {...form.getInputProps('password')}
              />
              <Button type="submit" fullWidth size="md" loading={busy}>
                {mode === 'login' ? 'Log In' : 'Create account'}
              </Button>
            </Stack>
          </form>
          <Text size="sm" ta="center" c="dimmed">
            {mode === 'login' ? 'New here? ' : 'Already have an account? '}
            <Anchor component="button" type="button" size="sm" onClick={() => switchMode(mode === 'login' ? 'signup' : 'login')}>
              {mode === 'login' ? 'Create account' : 'Log in'}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
