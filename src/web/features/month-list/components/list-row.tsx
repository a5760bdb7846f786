import { shortDay } from '@shared/domain/day-words';
import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconClockCheck, IconPencil, IconPhoto, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { capitalize, PLATFORM_LABELS } from '@shared/domain/options';
import { dateOnly } from '@shared/domain/months';
import type { Post } from '@shared/schemas/post';
import { ApprovalBadge } from '../../../components/approval-state';
import { PLATFORM_STYLE } from '../../../components/platforms';
import classes from './month-list.module.css';

export const listDay = (post: Post) => shortDay(dateOnly(post.date));

export interface ListRowProps {
  post: Post;
  selected: boolean;
  editable: boolean;
  /** Shows the post's approval under its status. */
  approvalShown?: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  /** Saves the text with the version the row shows; resolves when saved, rejects (already reported) when not. */
  onSaveText: (post: Post, content: string) => Promise<void>;
}

/** One post of the list: day, network, type, text with hashtags (editable in place), media, status and (when shown) approval. */
export function ListRow({ post, selected, editable, approvalShown = false, onSelect, onOpen, onSaveText }: ListRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const style = PLATFORM_STYLE[post.platform];
  const image = post.media.find((item) => item.type === 'image');
  const videos = post.media.filter((item) => item.type === 'video').length;
  const name = `${PLATFORM_LABELS[post.platform]} post on ${listDay(post)}`;

  const save = async () => {
    if (draft === null || draft.trim() === '') return;
    setSaving(true);
    try {
      await onSaveText(post, draft.trim());
      setDraft(null);
    } catch {
      // Reported by the caller; the draft stays so nothing typed is lost.
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className={classes.row} data-post-id={post.id} aria-label={name}>
      <div className={classes.select}>
        {editable && <Checkbox checked={selected} onChange={(event) => onSelect(event.currentTarget.checked)} aria-label={`Select ${name}`} />}
      </div>
      <div className={classes.day}>
        <Text size="sm" fw={600}>
          {listDay(post)}
        </Text>
      </div>
      <div className={classes.network}>
        <span className={classes.pill} style={{ background: style.background, color: style.color }}>
          <style.icon size={12} stroke={2} aria-hidden="true" />
          {PLATFORM_LABELS[post.platform]}
        </span>
        <Text size="xs" c="dimmed">
          {capitalize(post.type)}
        </Text>
      </div>
      <div className={classes.text}>
        {draft === null ? (
          <Stack gap={4}>
            <Text size="sm" className={classes.content} lineClamp={4}>
              {post.content}
            </Text>
            {post.hashtags.length > 0 && (
              <Text size="xs" c="brand.8">
                {post.hashtags.join(' ')}
              </Text>
            )}
          </Stack>
        ) : (
          <Stack gap={6}>
            <Textarea
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={10}
              aria-label={`Text of the ${name}`}
              data-autofocus
              autoFocus
            />
            <Group gap="xs">
              <Button size="xs" onClick={() => void save()} loading={saving} disabled={draft.trim() === ''}>
                Save text
              </Button>
              <Button size="xs" variant="default" onClick={() => setDraft(null)} disabled={saving}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
      </div>
      <div className={classes.media}>
        {image ? (
          <img className={classes.thumb} src={image.url} alt={`First image of the ${name}`} loading="lazy" />
        ) : post.media.length === 0 ? (
          <Text size="xs" c="dimmed">
            No media
          </Text>
        ) : null}
        {post.media.length > (image ? 1 : 0) && (
          <Group gap={4} wrap="nowrap">
            {videos > 0 ? <IconVideo size={14} aria-hidden="true" /> : <IconPhoto size={14} aria-hidden="true" />}
            <Text size="xs" c="dimmed">
              {post.media.length} {post.media.length === 1 ? 'file' : 'files'}
            </Text>
          </Group>
        )}
      </div>
      <div className={classes.status}>
        <div className={classes.badges}>
          {post.status === 'scheduled' ? (
            <Badge variant="light" color="green" leftSection={<IconClockCheck size={12} aria-hidden="true" />} tt="none" style={{ color: '#0b6b45' }}>
              Scheduled {post.scheduledTime}
            </Badge>
          ) : (
            <Badge variant="light" color="gray" tt="none" style={{ color: '#41474d' }}>
              Draft
            </Badge>
          )}
          {approvalShown && <ApprovalBadge state={post.approval} />}
        </div>
        <Group gap={4} wrap="nowrap">
          {editable && draft === null && (
            <Tooltip label="Edit text">
              <ActionIcon variant="subtle" color="gray" aria-label={`Edit text of the ${name}`} onClick={() => setDraft(post.content)}>
                <IconPencil size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          )}
          <Button size="compact-xs" variant="subtle" onClick={onOpen} aria-label={`Open ${name}`}>
            Open
          </Button>
        </Group>
      </div>
    </li>
  );
}
