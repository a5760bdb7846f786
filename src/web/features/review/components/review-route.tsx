import { Alert, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { ReviewDecision, ReviewPage, ReviewPost } from '@shared/schemas/review';
import { ApiRequestError } from '../../../lib/api-error';
import { useApproveRest } from '../api/approve-rest';
import { reviewPageQueryOptions, useReviewPage } from '../api/review-page';
import { reviewErrorMessage, isInvalidLink } from '../errors';
import { byDay, dayHeading, posts as countPosts, postName, progress } from '../format';
import { ReviewBar } from './review-bar';
import { ReviewHeader } from './review-header';
import { ReviewPostCard } from './review-post-card';
import { EmptyReview, InvalidLinkPage, ReviewLoadError, ReviewSkeleton } from './review-states';
import classes from './review.module.css';

/**
 * /review/:token: a month (or some of its days) shared with someone who has no account. Outside the
 * sign-in guards and the app's layout, and it links nowhere into the app.
 */
export function ReviewRoute() {
  const token = useParams().token ?? '';
  return (
    <>
      {/* React hoists it into the document's head while this page is shown (the server also sends X-Robots-Tag). */}
      <meta name="robots" content="noindex" />
      <ReviewScreen token={token} />
    </>
  );
}

function ReviewScreen({ token }: { token: string }) {
  const query = useReviewPage(token);
  useEffect(() => {
    if (!query.data) return;
    const before = document.title;
    document.title = `Review: ${query.data.monthName} · ${query.data.companyName}`;
    return () => {
      document.title = before;
    };
  }, [query.data]);

  if (isInvalidLink(query.error)) return <InvalidLinkPage />;
  if (query.data) return <ReviewContent token={token} page={query.data} />;
  if (query.isError)
    return (
      <ReviewLoadError
        rateLimited={query.error instanceof ApiRequestError && query.error.code === 'rate_limited'}
        message={reviewErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return (
    <div className={classes.page}>
      <ReviewSkeleton />
    </div>
  );
}

function ReviewContent({ token, page }: { token: string; page: ReviewPage }) {
  const queryClient = useQueryClient();
  const approveRest = useApproveRest(token);
  // The month has ended (or ended while the page was open: 409 archived): nothing more can be decided.
  const [endedHere, setEndedHere] = useState(false);
  const closed = page.archived || endedHere;
  const company = page.companyName.trim();
  const [announcement, setAnnouncement] = useState('');
  const [skipped, setSkipped] = useState<string[]>([]);
  const [barNote, setBarNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const { waiting, total } = progress(page.posts);

  /** What every failed action leads to besides its words: a fresh page after a change, a closed page after the month ended. */
  const onFailed = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return;
    if (error.code === 'archived') setEndedHere(true);
    if (error.code === 'stale_version' || error.code === 'review_link_invalid')
      void queryClient.invalidateQueries({ queryKey: reviewPageQueryOptions(token).queryKey });
    if (error.code === 'stale_version')
      setAnnouncement('The post changed since the page was loaded. The new version is shown: have a look, then decide again.');
  };

  const onDecided = (post: ReviewPost, decision: ReviewDecision) => {
    setSkipped((ids) => ids.filter((id) => id !== post.id));
    setBarNote(null);
    setAnnouncement(decision === 'approved' ? `Approved ${postName(post)}.` : `Sent your request for changes to ${postName(post)}.`);
  };

  const approveTheRest = () => {
    setBarNote(null);
    const still = page.posts.filter((post) => post.approval === 'waiting');
    approveRest.mutate(still, {
      onSuccess: (result) => {
        setSkipped(result.skipped);
        const done = still.length - result.skipped.length;
        const text =
          result.skipped.length === 0
            ? `Approved ${countPosts(done)}.`
            : `Approved ${countPosts(done)}. ${countPosts(result.skipped.length)} changed since you opened this page and ${result.skipped.length === 1 ? 'is' : 'are'} still waiting: have a look first.`;
        // Nothing left waiting: the page's thank-you says it, a note in the bar would repeat it.
        if (progress(result.page.posts).waiting > 0) setBarNote({ tone: 'info', text });
        setAnnouncement(text);
      },
      onError: (error) => {
        onFailed(error);
        setBarNote({ tone: 'error', text: reviewErrorMessage(error) });
      },
    });
  };

  return (
    <div className={classes.page}>
      <main className={classes.main}>
        <ReviewHeader page={page} />
        {endedHere && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden="true" />} mb="md" role="alert">
            This month has ended, so its posts can no longer be reviewed.
          </Alert>
        )}
        {total > 0 && waiting === 0 && !closed && (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden="true" />}
            mb="md"
            title="Thank you, every post has your answer"
            classNames={{ root: classes.thanks, title: classes.positive }}
          >
            {company || 'The planner'} can see your answers now. You can still change one until the link expires.
          </Alert>
        )}
        {total === 0 ? (
          <EmptyReview company={company} />
        ) : (
          <Stack gap="lg">
            {byDay(page.posts).map(({ day, posts }) => (
              <Stack key={day} component="section" gap="sm" aria-label={dayHeading(day)}>
                <Title order={2} fz="md" className={classes.dayHeading}>
                  {dayHeading(day)}
                </Title>
                {posts.map((post) => (
                  <ReviewPostCard
                    key={post.id}
                    token={token}
                    post={post}
                    company={company || 'Your company'}
                    closed={closed}
                    skipped={skipped.includes(post.id)}
                    onDecided={onDecided}
                    onFailed={onFailed}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        )}
      </main>
      {total > 0 && (
        <ReviewBar
          posts={page.posts}
          closed={closed}
          busy={approveRest.isPending}
          onApproveRest={approveTheRest}
          note={barNote}
          onDismissNote={() => setBarNote(null)}
        />
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
