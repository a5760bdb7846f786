import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useMe } from '../../../lib/queries/me';
import { useOverview } from '../api/overview';
import { ActiveMonths } from './active-months';
import { PublishingOverview } from './publishing-overview';
import { TonePicker } from './tone-picker';
import { UpcomingPosts } from './upcoming-posts';

export function DashboardPage() {
  const me = useMe();
  const overview = useOverview();
  const company = me.data?.profile.companyName;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={company ? `Your content at a glance for ${company}.` : 'Your content at a glance.'} />
      <Stack gap="lg">
        {overview.isError ? (
          <ErrorState title="Could not load your overview" message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <UpcomingPosts posts={overview.data?.upcoming ?? []} today={overview.data?.today ?? ''} loading={overview.isPending} />
            <ActiveMonths months={overview.data?.active ?? []} loading={overview.isPending} />
            <PublishingOverview />
          </SimpleGrid>
        )}
        <Paper withBorder p="lg">
          <TonePicker />
        </Paper>
      </Stack>
    </>
  );
}
