import { IconClockCheck, IconLeaf } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import { APPROVAL_STATES } from '@shared/schemas/values';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import { APPROVAL_LABELS, ApprovalIcon } from '../../../components/approval-state';
import { DELIVERY_LABELS } from '../../../components/delivery-status';
import { PLATFORM_STYLE } from '../../../components/platforms';
import classes from './month-calendar.module.css';

const MAX_PILLS = 2;

// The list of a day's posts (a positioned popover) is a chunk of its own, fetched when first opened.
const DayPicker = lazy(() => import('./day-picker').then((module) => ({ default: module.DayPicker })));

/** The first words of a post, for the calendar: enough to recognise it. */
export function firstWords(text: string, words = 8): string {
  const all = text.trim().split(/\s+/);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

export interface DayPostsProps {
  dateLabel: string;
  posts: Post[];
  onOpenPost?: (postId: string) => void;
  deliveryStatusOf?: (postId: string) => DeliveryStatus | undefined;
  /** Each post's approval is marked (the month was shared for review, or publishes only approved posts). */
  approvalShown?: boolean;
  draggable: boolean;
  /** A phone's narrow cells: each post is its network's icon and marks; its words (hidden there by CSS) are not drawn. */
  compact?: boolean;
  /** Opened from a click on the empty part of a cell with several posts. */
  pickerOpen: boolean;
  onPickerChange: (open: boolean) => void;
}

/** A delivery's mark once it has gone past 'scheduled': sent, going out, or needing the user (held for approval: paused). */
const DELIVERY_MARKS: Partial<Record<DeliveryStatus, string>> = {
  awaiting_approval: '‖',
  publishing: '◷',
  published: '✓',
  failed: '!',
  unknown: '?',
  missed: '!',
};

function StatusMark({ post, delivery }: { post: Post; delivery?: DeliveryStatus }) {
  const mark = delivery && DELIVERY_MARKS[delivery];
  if (mark)
    return (
      <b className={classes.mark} title={DELIVERY_LABELS[delivery]} aria-hidden="true" data-delivery={delivery}>
        {mark}
      </b>
    );
  if (post.status !== 'scheduled') return <span className={classes.draftMark} title="Draft" aria-hidden="true" />;
  return (
    <span className={classes.scheduledMark} title={`Scheduled ${post.scheduledTime ?? ''}`} aria-hidden="true">
      <IconClockCheck size={12} stroke={2} />
    </span>
  );
}

/** What the marks mean, shown under the calendar. */
export function StatusLegend({ approvalShown = false }: { approvalShown?: boolean }) {
  return (
    <div className={classes.legend}>
      <span className={classes.legendItem}>
        <span className={classes.draftMark} aria-hidden="true" /> Draft
      </span>
      <span className={classes.legendItem}>
        <span className={classes.scheduledMark} aria-hidden="true">
          <IconClockCheck size={12} stroke={2} />
        </span>{' '}
        Scheduled
      </span>
      <span className={classes.legendItem}>
        <IconLeaf size={12} stroke={2} color="var(--mantine-color-teal-7)" aria-hidden="true" /> Evergreen
      </span>
      {approvalShown &&
        APPROVAL_STATES.map((state) => (
          <span key={state} className={classes.legendItem}>
            <ApprovalIcon state={state} decorative /> {APPROVAL_LABELS[state]}
          </span>
        ))}
    </div>
  );
}

/** One post in a day: its network pill, status mark, first words and, when it has one, a thumbnail of its first image. */
function Entry({
  post,
  dateLabel,
  onOpenPost,
  draggable,
  delivery,
  approvalShown,
  compact,
}: {
  compact: boolean;
  post: Post;
  dateLabel: string;
  onOpenPost?: (postId: string) => void;
  draggable: boolean;
  delivery?: DeliveryStatus;
  approvalShown: boolean;
}) {
  const style = PLATFORM_STYLE[post.platform];
  const image = post.media.find((item) => item.type === 'image');
  const content = (
    <>
      <span className={classes.entryHead}>
        <span className={classes.pill} style={{ background: style.background, color: style.color }}>
          <style.icon size={12} stroke={2} aria-hidden="true" />
          {!compact && <span className={classes.pillLabel}>{style.label}</span>}
        </span>
        <span className={classes.marks}>
          <StatusMark post={post} delivery={delivery} />
          {approvalShown && <ApprovalIcon state={post.approval} decorative={Boolean(onOpenPost)} className={classes.approvalMark} />}
          {post.evergreen && <IconLeaf size={12} stroke={2} color="var(--mantine-color-teal-7)" aria-hidden="true" data-testid="evergreen-mark" />}
        </span>
      </span>
      {!compact && <span className={classes.words}>{firstWords(post.content)}</span>}
      {image && !compact && <img className={classes.thumb} src={image.url} alt="" loading="lazy" />}
    </>
  );
  if (!onOpenPost) {
    return (
      <span className={classes.entry} data-platform={post.platform}>
        {content}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${classes.entry} ${classes.entryButton}`}
      data-platform={post.platform}
      data-has-thumb={image ? true : undefined}
      aria-label={`Open post: ${PLATFORM_LABELS[post.platform]} post on ${dateLabel}, ${post.status}${delivery && DELIVERY_MARKS[delivery] ? `, ${DELIVERY_LABELS[delivery].toLowerCase()}` : ''}${approvalShown ? `, ${APPROVAL_LABELS[post.approval].toLowerCase()}` : ''}${post.evergreen ? ', evergreen' : ''}: ${firstWords(post.content)}`}
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/x-post-id', post.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onClick={(event) => {
        event.stopPropagation();
        onOpenPost(post.id);
      }}
    >
      {content}
    </button>
  );
}

/** A day's posts (at most two, then '+N others'); with several posts, a small list to choose from. */
export function DayPosts({
  dateLabel,
  posts,
  onOpenPost,
  deliveryStatusOf,
  approvalShown = false,
  draggable,
  compact = false,
  pickerOpen,
  onPickerChange,
}: DayPostsProps) {
  const [pickerUsed, setPickerUsed] = useState(false);
  if (pickerOpen && !pickerUsed) setPickerUsed(true);
  if (posts.length === 0) return null;
  const hidden = posts.length - MAX_PILLS;
  const pills = (
    <div className={classes.pills}>
      {posts.slice(0, MAX_PILLS).map((post) => (
        <Entry
          key={post.id}
          post={post}
          dateLabel={dateLabel}
          onOpenPost={onOpenPost}
          draggable={draggable}
          delivery={deliveryStatusOf?.(post.id)}
          approvalShown={approvalShown}
          compact={compact}
        />
      ))}
      {hidden > 0 &&
        (onOpenPost ? (
          <button
            type="button"
            className={classes.more}
            aria-label={`+${hidden} others: choose one of ${posts.length} posts on ${dateLabel}`}
            aria-expanded={pickerOpen}
            onClick={(event) => {
              event.stopPropagation();
              onPickerChange(!pickerOpen);
            }}
          >
            +{hidden} others
          </button>
        ) : (
          <span className={classes.more}>+{hidden} others</span>
        ))}
    </div>
  );
  if (posts.length < 2 || !onOpenPost || !pickerUsed) return pills;
  return (
    <Suspense fallback={pills}>
      <DayPicker
        pills={pills}
        posts={posts}
        dateLabel={dateLabel}
        approvalShown={approvalShown}
        pickerOpen={pickerOpen}
        onPickerChange={onPickerChange}
        onOpenPost={onOpenPost}
      />
    </Suspense>
  );
}
