import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconMessageCircle, IconSettings, type Icon } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';

/** A page whose feature is still on its way: says so plainly instead of leading nowhere. */
function ComingSoon({ title, subtitle, icon: PageIcon, message }: { title: string; subtitle: string; icon: Icon; message: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper withBorder p={48}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <PageIcon size={30} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} fz="lg">
            Coming soon
          </Title>
          <Text c="dimmed" maw={440}>
            {message}
          </Text>
        </Stack>
      </Paper>
    </>
  );
}

export const AnalyticsPlaceholder = () => (
  <ComingSoon title="Analytics" subtitle="Your content mix across months." icon={IconChartBar} message="Charts of your posts by platform, type and week will appear here once you have generated content." />
);
export const SettingsPlaceholder = () => (
  <ComingSoon title="Settings" subtitle="Your company profile and account." icon={IconSettings} message="Editing your company profile, password and AI provider will be available here." />
);
export const FeedbackPlaceholder = () => (
  <ComingSoon title="Feedback" subtitle="Tell us what would make this better." icon={IconMessageCircle} message="A feedback form will be available here." />
);
