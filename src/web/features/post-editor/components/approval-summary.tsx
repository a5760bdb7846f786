import { Alert, Group, Text } from '@mantine/core';
import { IconMessageCircleExclamation } from '@tabler/icons-react';
import type { Post } from '@shared/schemas/post';
import { ApprovalBadge } from '../../../components/approval-state';
import { usePostReviews } from '../../../lib/posts/api/post-reviews';
import { reviewerOf } from './review-history';

/** What the post's approval means for it now, in a sentence or two; `asked` when the comment is shown below it, which says the rest. */
function sentence(post: Post, edited: boolean, required: boolean, asked: boolean): string {
  const held = required ? 'This month publishes only approved posts, so it waits at its time until approved.' : '';
  if (post.approval === 'approved') return 'A reviewer approved this version.';
  if (post.approval === 'changes_requested') return asked ? held : `A reviewer asked for changes. ${held}`.trim();
  return `${edited ? 'Changed since it was reviewed: it needs approving again.' : 'No reviewer has decided yet.'} ${held}`.trim();
}

/**
 * The post's approval at the top of the editor: a badge and what it means; when changes were asked for,
 * the reviewer's comment right above the text it is about (all reviews are further down, under Reviews).
 */
export function ApprovalSummary({ post, required }: { post: Post; required: boolean }) {
  const latest = usePostReviews(post.id).data?.[0];
  const edited = latest !== undefined && latest.postVersion < post.version;
  const asked = post.approval === 'changes_requested' && latest?.decision === 'changes_requested' ? latest : undefined;
  const explained = sentence(post, edited, required, Boolean(asked?.comment));
  return (
    <Group component="section" aria-label="Approval" gap="xs" wrap="wrap">
      <ApprovalBadge state={post.approval} />
      {explained && (
        <Text size="sm" c="dimmed">
          {explained}
        </Text>
      )}
      {asked?.comment && (
        <Alert
          w="100%"
          color="yellow"
          variant="light"
          icon={<IconMessageCircleExclamation size={18} aria-hidden="true" />}
          title={`${reviewerOf(asked)} asked for changes`}
          p="xs"
          // The status badges' amber: Mantine's light-alert title is too pale for AA.
          styles={{ title: { color: '#7a4b00' } }}
        >
          <Text size="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {asked.comment}
          </Text>
        </Alert>
      )}
    </Group>
  );
}
