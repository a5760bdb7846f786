import { Alert, Group, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useId } from 'react';
import { NETWORK_RULES } from '@shared/domain/networks';
import type { ReviewDecision, ReviewPost } from '@shared/schemas/review';
import { NetworkPreview } from '../../../components/network-preview';
import { PLATFORM_STYLE } from '../../../components/platforms';
import { ApprovalBadge } from '../../../components/approval-state';
import { postName, postTitle } from '../format';
import { DecisionControls } from './decision-controls';
import { ReviewHistory } from './review-history';
import classes from './review.module.css';

export interface ReviewPostCardProps {
  token: string;
  post: ReviewPost;
  company: string;
  closed: boolean;
  /** "Approve the rest" left it waiting: it changed since the page was loaded. */
  skipped: boolean;
  onDecided: (post: ReviewPost, decision: ReviewDecision) => void;
  onFailed: (error: unknown) => void;
}

/** One post as its network will show it, with its time, its state, what was said about it, and the reviewer's two answers. */
export function ReviewPostCard({ token, post, company, closed, skipped, onDecided, onFailed }: ReviewPostCardProps) {
  const historyId = useId();
  const network = PLATFORM_STYLE[post.platform];
  const name = postName(post);
  const [first, ...rest] = post.media;
  return (
    <article className={classes.card} aria-label={postTitle(post)} data-approval={post.approval} data-testid="review-post">
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={3} fz="sm" className={classes.pill} style={{ background: network.background, color: network.color }}>
            <network.icon size={16} stroke={2} aria-hidden="true" />
            {NETWORK_RULES[post.platform].label}
          </Title>
          <span className={classes.when}>
            <IconClock size={16} aria-hidden="true" />
            {post.time ?? 'Not scheduled yet'}
          </span>
        </Group>
        <ApprovalBadge state={post.approval} />
      </Group>
      {(post.changedSinceReview || skipped) && (
        <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          {post.changedSinceReview
            ? 'Changed since you reviewed it: have a look and answer again.'
            : 'This post changed while you were reviewing, so it was not approved. Have a look at it again.'}
        </Alert>
      )}
      <div className={classes.preview}>
        <NetworkPreview
          platform={post.platform}
          company={company}
          content={post.content}
          hashtags={post.hashtags}
          media={first}
          event={post.event}
          expandable
          showCount={false}
        />
      </div>
      {rest.length > 0 && (
        <ul className={classes.extraMedia} aria-label={`More media of ${name}`}>
          {rest.map((item, index) => (
            <li key={item.url}>
              {item.type === 'image' ? (
                <img src={item.url} alt={`Image ${index + 2} of the post`} loading="lazy" />
              ) : (
                <video src={item.url} controls preload="metadata" aria-label={`Video ${index + 2} of the post`} />
              )}
            </li>
          ))}
        </ul>
      )}
      <ReviewHistory post={post} headingId={historyId} />
      <DecisionControls token={token} post={post} name={name} closed={closed} onDecided={(decision) => onDecided(post, decision)} onFailed={onFailed} />
    </article>
  );
}
