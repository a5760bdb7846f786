import { Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import type { ReviewLink } from '@shared/schemas/review';
import { useReviewLinks } from '../api/review-links';
import { LinkRow } from './link-row';

/** The month's links, newest first, each withdrawable while it works; with its loading, error and empty states. */
export function LinkList({ monthId, onWithdrawn }: { monthId: string; onWithdrawn: (link: ReviewLink) => void }) {
  const headingId = useId();
  const links = useReviewLinks(monthId);
  const now = new Date();

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} fz="md" id={headingId}>
        Links for this month
      </Title>
      {links.isPending ? (
        <Stack gap="xs" role="status">
          <VisuallyHidden>Loading the links</VisuallyHidden>
          <Skeleton height={58} />
          <Skeleton height={58} />
        </Stack>
      ) : links.isError ? (
        <Paper withBorder p="sm" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Could not load this month's links. Check your connection and try again.</Text>
            <Button size="xs" variant="default" onClick={() => void links.refetch()} loading={links.isFetching}>
              Try again
            </Button>
          </Group>
        </Paper>
      ) : links.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No links yet. The links you create show here, and you can withdraw each one at any time.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Review links, newest first">
          {links.data.map((link) => (
            <LinkRow key={link.id} link={link} monthId={monthId} now={now} onWithdrawn={onWithdrawn} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
