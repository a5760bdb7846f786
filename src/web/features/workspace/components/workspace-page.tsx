import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useWorkspace } from '../../../lib/queries/workspace';
import { MonthCard } from './month-card';
import { PlanMonth } from './plan-month';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="md" fw={650} c="dark.6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const grid = { base: 1, xs: 2, md: 3 };

export function WorkspacePage() {
  const workspace = useWorkspace();
  const now = new Date();
  return (
    <>
      <PageHeader title="Workspace" subtitle="Your content, one month at a time. Open a month to plan, generate and review its posts." />
      {workspace.isPending && (
        <Section title="Active Months">
          <SimpleGrid cols={grid} aria-busy="true" aria-label="Loading months">
            {[0, 1].map((key) => (
              <Skeleton key={key} height={128} radius="md" />
            ))}
          </SimpleGrid>
        </Section>
      )}
      {workspace.isError && <ErrorState title="Could not load your months" message={errorMessage(workspace.error)} onRetry={() => void workspace.refetch()} />}
      {workspace.data && (
        <Stack gap={36}>
          <Section title="Active Months">
            {workspace.data.active.length === 0 ? (
              <Text c="dimmed">No active months yet.</Text>
            ) : (
              <SimpleGrid cols={grid}>
                {workspace.data.active.map((month) => (
                  <MonthCard key={month.id} month={month} now={now} />
                ))}
              </SimpleGrid>
            )}
          </Section>
          <Section title="Upcoming Months">
            {workspace.data.upcoming.length > 0 && (
              <SimpleGrid cols={grid}>
                {workspace.data.upcoming.map((month) => (
                  <MonthCard key={month.id} month={month} now={now} />
                ))}
              </SimpleGrid>
            )}
            <PlanMonth workspace={workspace.data} />
          </Section>
          {workspace.data.archived.length > 0 && (
            <Section title="Archived Months">
              <SimpleGrid cols={grid}>
                {workspace.data.archived.map((month) => (
                  <MonthCard key={month.id} month={month} now={now} />
                ))}
              </SimpleGrid>
            </Section>
          )}
        </Stack>
      )}
    </>
  );
}
