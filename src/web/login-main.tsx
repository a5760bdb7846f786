/**
 * The login page is a document of its own: every visitor's first download, so it carries no router,
 * no query cache and only the styles of the Mantine components it shows (main.tsx loads them all).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from './features/auth/components/login-page';
import { ForgotPasswordPage, NewPasswordPage } from './features/auth/components/password-reset-pages';
import { theme } from './theme';

/** /login?step=forgot asks for a reset link; /login?step=reset&token=… (from the e-mailed link) sets the new password. */
function pageFor(search: URLSearchParams) {
  const step = search.get('step');
  if (step === 'forgot') return <ForgotPasswordPage />;
  if (step === 'reset') return <NewPasswordPage token={search.get('token')} linkError={search.has('error')} />;
  return <LoginPage />;
}

// A transition, as in main.tsx: React renders the form in slices of a few milliseconds, not one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        {pageFor(new URLSearchParams(window.location.search))}
      </MantineProvider>
    </StrictMode>,
  ),
);
