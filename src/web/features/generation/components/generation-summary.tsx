import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import type { GenerationJobState } from '@shared/schemas/generation';

interface Props {
  job: GenerationJobState;
  busy: boolean;
  onRetry: () => void;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the last generation did: planned, written, shortened, kept, and the posts it could not write, with a retry of just those. */
export function GenerationSummary({ job, busy, onRetry }: Props) {
  const figures = [
    `${plural(job.planned, 'post')} planned`,
    `${job.written} written`,
    ...(job.shortened.length > 0 ? [`${job.shortened.length} shortened to fit`] : []),
    ...(job.kept > 0 ? [`${job.kept} kept from an earlier version`] : []),
    ...(job.unwritten > 0 ? [`${job.unwritten} not written`] : []),
  ];
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden="true" />}
      aria-labelledby="generation-summary-title"
      data-testid="generation-summary"
    >
      <Stack gap="xs">
        {/* A heading in the body's own colour: the light variant's coloured title is too faint on its tint. */}
        <Text id="generation-summary-title" fw={700} size="sm">
          Last generation
        </Text>
        <Text size="sm">{figures.join(' · ')}</Text>
        {job.shortened.length > 0 && (
          <List size="sm" spacing={2} aria-label="Shortened posts">
            {job.shortened.map((sentence) => (
              <List.Item key={sentence}>{sentence}</List.Item>
            ))}
          </List>
        )}
        {job.problems.length > 0 && (
          <List size="sm" spacing={2} aria-label="Posts not written">
            {job.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        )}
        {job.unwritten > 0 && (
          <Group>
            <Button size="xs" color="blue.8" onClick={onRetry} disabled={busy} leftSection={<IconRefresh size={14} aria-hidden="true" />}>
              Write the {plural(job.unwritten, 'missing post')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
