import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** No posts anywhere yet: one sentence and the way to the workspace. */
export function AnalyticsEmpty() {
  return (
    <Paper withBorder p={48}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconChartBar size={30} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          No posts to analyse yet
        </Title>
        <Text c="dimmed" maw={460}>
          Generate or add posts for a month in your workspace and your content mix will show up here.
        </Text>
        <Button component={Link} to={paths.workspace} mt="xs">
          Go to Workspace
        </Button>
      </Stack>
    </Paper>
  );
}

/** The page's shape while it loads: four numbers, then chart cards. */
export function AnalyticsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" role="status" aria-label="Loading analytics">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="lg">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={118} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton height={280} radius="md" />
        <Skeleton height={280} radius="md" />
      </SimpleGrid>
      <Skeleton height={340} radius="md" />
    </Stack>
  );
}
