import { Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PostReview } from '@shared/schemas/review';
import type { Post } from '@shared/schemas/post';
import { ApprovalBadge } from '../../../components/approval-state';
import { errorMessage } from '../../../lib/api-error';
import { usePostReviews } from '../../../lib/posts/api/post-reviews';
import { formatTimestamp, relativeTime } from '../format';
import { EditorSection } from './editor-section';

/** A reviewer by the name their link was made for, or plainly "Reviewer". */
export const reviewerOf = (review: Pick<PostReview, 'reviewerName'>) => review.reviewerName ?? 'Reviewer';

function ReviewItem({ review, post }: { review: PostReview; post: Post }) {
  const earlier = review.postVersion < post.version;
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {reviewerOf(review)}
        </Text>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          <time dateTime={review.createdAt} title={formatTimestamp(review.createdAt)}>
            {relativeTime(review.createdAt)}
          </time>
        </Text>
      </Group>
      <Group gap="xs" mt={6}>
        <ApprovalBadge state={review.decision} />
        {earlier && (
          <Text size="xs" c="dimmed">
            on an earlier version
          </Text>
        )}
      </Group>
      {/* Text, never markup: what a reviewer typed is shown as typed. */}
      {review.comment && (
        <Text size="sm" mt={8} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.comment}
        </Text>
      )}
    </Paper>
  );
}

/** The reviewers' decisions and comments on the post, newest first: the review part of its history. */
export function ReviewHistory({ post }: { post: Post }) {
  const reviews = usePostReviews(post.id);
  const count = reviews.data?.length;
  return (
    <EditorSection title={count ? `Reviews (${count})` : 'Reviews'}>
      {reviews.isPending ? (
        <Stack gap="xs" role="status">
          <VisuallyHidden>Loading reviews</VisuallyHidden>
          <Skeleton height={72} />
        </Stack>
      ) : reviews.isError ? (
        <Group gap="sm">
          <Text size="sm">Could not load the reviews: {errorMessage(reviews.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </Group>
      ) : reviews.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reviews yet. When someone with a review link approves this post or asks for changes, it shows here.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Reviews, newest first">
          {reviews.data.map((review) => (
            <ReviewItem key={review.id} review={review} post={post} />
          ))}
        </Stack>
      )}
    </EditorSection>
  );
}
