import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import type { NotificationChoices, NotificationSettings as Settings } from '@shared/schemas/notifications';
import { ErrorState } from '../../../components/error-state';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

const CHOICES: { key: keyof NotificationChoices; label: string; description: string }[] = [
  {
    key: 'immediateEmails',
    label: 'E-mail me at once when something breaks',
    description: 'A post that failed or may not have gone out, and a connection that stopped working.',
  },
  {
    key: 'dailyDigest',
    label: 'Daily digest',
    description: 'One e-mail each morning with everything else: months written, sign-ins ending soon, limits reached.',
  },
  { key: 'weeklyPreview', label: 'Going out this week', description: 'On Monday morning, the posts scheduled for the week ahead.' },
];

function Choices({ settings }: { settings: Settings }) {
  const save = useSaveNotificationSettings();
  const { refetch } = useNotificationSettings();

  const change = (key: keyof NotificationChoices, value: boolean) => {
    const { immediateEmails, dailyDigest, weeklyPreview, version } = settings;
    save.mutate(
      { immediateEmails, dailyDigest, weeklyPreview, version, [key]: value },
      {
        onSuccess: () => notify({ tone: 'success', title: 'Saved', message: 'Your e-mail choices are saved.' }),
        onError: (error) => {
          // Changed elsewhere meanwhile: show what is saved now, and let the user choose again.
          if (error instanceof ApiRequestError && error.code === 'stale_version') void refetch();
          notify({ tone: 'error', title: 'Not saved', message: errorMessage(error) });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {!settings.mailEnabled && (
        <Alert color="gray" variant="light" icon={<IconMailOff size={18} aria-hidden="true" />} title="E-mail is off on this server">
          Notifications show in the app (the bell). For e-mail, the server&apos;s administrator sets SMTP_URL and MAIL_FROM; your choices below apply from then.
        </Alert>
      )}
      {CHOICES.map((choice) => (
        <Switch
          key={choice.key}
          checked={settings[choice.key]}
          onChange={(event) => change(choice.key, event.currentTarget.checked)}
          disabled={save.isPending}
          label={choice.label}
          description={choice.description}
        />
      ))}
      <Text size="xs" c="dimmed">
        Every digest has a link to stop it in one click.
      </Text>
    </Stack>
  );
}

/** Settings → Notifications: which e-mails the user gets. */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  if (settings.isPending) return <Skeleton height={160} role="status" aria-label="Loading your notification choices" />;
  if (settings.isError)
    return <ErrorState title="Could not load your e-mail choices" message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />;
  return <Choices settings={settings.data} />;
}
