import '@mantine/charts/styles.css';
import { SimpleGrid, Stack } from '@mantine/core';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useAnalytics } from '../api/analytics';
import { chartRows } from '../chart-data';
import { AnalyticsEmpty, AnalyticsSkeleton } from './analytics-states';
import { CategoryChart, WeeklyChart } from './bar-charts';
import { SplitChart } from './split-chart';
import { StatCards } from './stat-cards';

export function AnalyticsPage() {
  const analytics = useAnalytics();
  const data = analytics.data;
  const rows = data ? chartRows(data) : null;
  return (
    <>
      <PageHeader title="Analytics" subtitle="Your content mix across all months: platforms, formats, timing and progress." />
      {analytics.isPending && <AnalyticsSkeleton />}
      {analytics.isError && (
        <ErrorState title="Could not load your analytics" message={errorMessage(analytics.error)} onRetry={() => void analytics.refetch()} />
      )}
      {data && data.totalPosts === 0 && <AnalyticsEmpty />}
      {data && rows && data.totalPosts > 0 && (
        <Stack gap="lg">
          <StatCards analytics={data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <CategoryChart title="Posts per platform" description="Where your posts will be published." labelHeader="Platform" rows={rows.platforms} />
            <CategoryChart title="Posts per type" description="The formats your posts use." labelHeader="Type" rows={rows.types} />
          </SimpleGrid>
          <WeeklyChart rows={rows.weeks} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <SplitChart
              title="Scheduled vs draft"
              description="Posts with a publishing time, and posts still in draft."
              labelHeader="Status"
              rows={rows.status}
            />
            <SplitChart
              title="Edited vs as generated"
              description="Posts you changed after they were written, and posts left as they were."
              labelHeader="Editing"
              rows={rows.editing}
            />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
