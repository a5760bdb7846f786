import { Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import { DELIVERY_LABELS } from '../../../components/delivery-status';
import { PLATFORM_STYLE } from '../platforms';
import classes from './month-calendar.module.css';

const MAX_PILLS = 2;

export interface DayPostsProps {
  dateLabel: string;
  posts: Post[];
  onOpenPost?: (postId: string) => void;
  deliveryStatusOf?: (postId: string) => DeliveryStatus | undefined;
  draggable: boolean;
  /** Opened from a click on the empty part of a cell with several posts. */
  pickerOpen: boolean;
  onPickerChange: (open: boolean) => void;
}

/** A mark for a delivery on its pill: sent, going out, or needing the user. */
const MARKS: Record<DeliveryStatus, string> = { scheduled: '◷', publishing: '◷', published: '✓', failed: '!', unknown: '?', missed: '!', cancelled: '' };

function Pill({
  post,
  dateLabel,
  onOpenPost,
  draggable,
  status,
}: {
  post: Post;
  dateLabel: string;
  onOpenPost?: (postId: string) => void;
  draggable: boolean;
  status?: DeliveryStatus;
}) {
  const style = PLATFORM_STYLE[post.platform];
  const mark = status ? MARKS[status] : '';
  const content = (
    <>
      <style.icon size={12} stroke={2} aria-hidden="true" />
      <span>{style.label}</span>
      {mark && (
        <b className={classes.mark} title={DELIVERY_LABELS[status!]} aria-hidden="true" data-delivery={status}>
          {mark}
        </b>
      )}
    </>
  );
  if (!onOpenPost) {
    return (
      <span className={classes.pill} style={{ background: style.background, color: style.color }}>
        {content}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${classes.pill} ${classes.pillButton}`}
      style={{ background: style.background, color: style.color }}
      aria-label={`Open post: ${PLATFORM_LABELS[post.platform]} post on ${dateLabel}${mark ? `, ${DELIVERY_LABELS[status!].toLowerCase()}` : ''}`}
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

/** A day's platform pills (at most two, then '+N others'); with several posts, a small list to choose from. */
export function DayPosts({ dateLabel, posts, onOpenPost, deliveryStatusOf, draggable, pickerOpen, onPickerChange }: DayPostsProps) {
  if (posts.length === 0) return null;
  const hidden = posts.length - MAX_PILLS;
  const pills = (
    <div className={classes.pills}>
      {posts.slice(0, MAX_PILLS).map((post) => (
        <Pill key={post.id} post={post} dateLabel={dateLabel} onOpenPost={onOpenPost} draggable={draggable} status={deliveryStatusOf?.(post.id)} />
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
  if (posts.length < 2 || !onOpenPost) return pills;
  return (
    <Popover opened={pickerOpen} onChange={onPickerChange} position="bottom-start" shadow="md" withinPortal trapFocus returnFocus withRoles={false}>
      <Popover.Target>{pills}</Popover.Target>
      <Popover.Dropdown p={6} maw={300} role="dialog" aria-label={`Posts on ${dateLabel}`}>
        <Text size="xs" fw={600} c="dimmed" px={8} py={4}>
          {posts.length} posts on {dateLabel}
        </Text>
        <Stack gap={2}>
          {posts.map((post) => (
            <UnstyledButton
              key={post.id}
              className={classes.pickItem}
              onClick={() => {
                onPickerChange(false);
                onOpenPost(post.id);
              }}
            >
              <Text size="sm" fw={600}>
                {PLATFORM_LABELS[post.platform]}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {post.content}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
