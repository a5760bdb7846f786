import { Stack, Text, Title } from '@mantine/core';
import type { ReviewDecision, ReviewPost } from '@shared/schemas/review';
import { commentTime } from '../format';
import classes from './review.module.css';

/** 'approved', 'asked for changes to an earlier version'... */
const describe = (decision: ReviewDecision, earlier: boolean) =>
  decision === 'approved' ? `approved${earlier ? ' an earlier version' : ''}` : `asked for changes${earlier ? ' to an earlier version' : ''}`;

/** What was said about this post through the link, oldest first, as a conversation reads; comments are plain text. */
export function ReviewHistory({ post, headingId }: { post: ReviewPost; headingId: string }) {
  // An approval of the version on screen says nothing the badge does not; comments and answers on earlier versions do.
  const reviews = post.reviews.filter((review) => review.comment || review.postVersion < post.version).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (reviews.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title order={4} fz="sm" id={headingId}>
        Answers so far
      </Title>
      <ol className={classes.history}>
        {reviews.map((review) => (
          <li key={review.id}>
            <Text size="xs" c="dimmed">
              <Text span fw={600} c="dark.7" size="xs">
                {review.reviewerName ?? 'Reviewer'}
              </Text>{' '}
              {describe(review.decision, review.postVersion < post.version)} · <time dateTime={review.createdAt}>{commentTime(review.createdAt)}</time>
            </Text>
            {review.comment && (
              <Text size="sm" mt={4} className={classes.comment}>
                {review.comment}
              </Text>
            )}
          </li>
        ))}
      </ol>
    </Stack>
  );
}
