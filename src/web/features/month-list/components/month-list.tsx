import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconClockHour9, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
import type { Post, PostStatus } from '@shared/schemas/post';
import { APPROVAL_STATES, DEFAULT_SCHEDULE_TIME, POST_STATUSES, type ApprovalState } from '@shared/schemas/values';
import { APPROVAL_LABELS } from '../../../components/approval-state';
import { ListRow } from './list-row';
import classes from './month-list.module.css';

export interface MonthListProps {
  posts: Post[];
  archived: boolean;
  /** Each post's approval is shown and can be filtered on (the month was shared for review, or publishes only approved posts). */
  approvalShown?: boolean;
  onOpenPost: (postId: string) => void;
  onSaveText: (post: Post, content: string) => Promise<void>;
  /** Each resolves once done and reported; answers whether the selection should be cleared. */
  onDelete: (posts: Post[]) => Promise<boolean>;
  onSchedule: (posts: Post[], time: string) => Promise<boolean>;
  onRewrite: (posts: Post[], instructions: string) => Promise<boolean>;
}

const STATUS_LABELS: Record<PostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled' };

/** The month as a list in date order: filters by network, status and approval, text edited in place, bulk actions on a selection. */
export function MonthList({ posts, archived, approvalShown = false, onOpenPost, onSaveText, onDelete, onSchedule, onRewrite }: MonthListProps) {
  const [network, setNetwork] = useState<Platform | 'all'>('all');
  const [status, setStatus] = useState<PostStatus | 'all'>('all');
  const [approval, setApproval] = useState<ApprovalState | 'all'>('all');
  // A filter the screen no longer offers filters nothing.
  const approvalFilter = approvalShown ? approval : 'all';
  const [selectedIds, setSelectedIds] = useState<Set<string>>(new Set());
  const [time, setTime] = useState(DEFAULT_SCHEDULE_TIME);
  const [instructions, setInstructions] = useState('');
  const [busy, setBusy] = useState<'delete' | 'schedule' | 'rewrite' | null>(null);

  const shown = useMemo(
    () =>
      posts.filter(
        (post) =>
          (network === 'all' || post.platform === network) &&
          (status === 'all' || post.status === status) &&
          (approvalFilter === 'all' || post.approval === approvalFilter),
      ),
    [posts, network, status, approvalFilter],
  );
  const selected = shown.filter((post) => selectedIds.has(post.id));
  const allSelected = shown.length > 0 && selected.length === shown.length;

  const toggle = (postId: string, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(postId);
      else next.delete(postId);
      return next;
    });

  const run = async (kind: 'delete' | 'schedule' | 'rewrite', action: () => Promise<boolean>) => {
    setBusy(kind);
    try {
      if (await action()) setSelectedIds(new Set());
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Network"
          value={network}
          onChange={(event) => setNetwork(event.currentTarget.value as Platform | 'all')}
          data={[{ value: 'all', label: 'All networks' }, ...PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }))]}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as PostStatus | 'all')}
          data={[{ value: 'all', label: 'All statuses' }, ...POST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))]}
        />
        {approvalShown && (
          <NativeSelect
            label="Approval"
            value={approval}
            onChange={(event) => setApproval(event.currentTarget.value as ApprovalState | 'all')}
            data={[{ value: 'all', label: 'Any approval' }, ...APPROVAL_STATES.map((value) => ({ value, label: APPROVAL_LABELS[value] }))]}
          />
        )}
        <Text size="sm" c="dimmed" pb={6} aria-live="polite">
          {shown.length === posts.length ? `${posts.length} posts` : `${shown.length} of ${posts.length} posts`}
        </Text>
      </Group>

      {!archived && shown.length > 0 && (
        <Paper withBorder p="sm" radius="md" className={classes.bulk} aria-label="Bulk actions" component="section">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Checkbox
              label={selected.length > 0 ? `${selected.length} selected` : 'Select all'}
              checked={allSelected}
              indeterminate={selected.length > 0 && !allSelected}
              onChange={(event) => setSelectedIds(event.currentTarget.checked ? new Set(shown.map((post) => post.id)) : new Set())}
              mb={6}
            />
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              disabled={selected.length === 0 || busy !== null}
              loading={busy === 'delete'}
              onClick={() => void run('delete', () => onDelete(selected))}
            >
              Delete
            </Button>
            <Group gap={6} align="flex-end" wrap="wrap">
              <TextInput type="time" label="Time of day" value={time} onChange={(event) => setTime(event.currentTarget.value)} w={140} />
              <Button
                variant="light"
                leftSection={<IconClockHour9 size={16} aria-hidden="true" />}
                disabled={selected.length === 0 || busy !== null || !/^\d{2}:\d{2}$/.test(time)}
                loading={busy === 'schedule'}
                onClick={() => void run('schedule', () => onSchedule(selected, time))}
              >
                Schedule
              </Button>
            </Group>
            <Group gap={6} align="flex-end" wrap="wrap" className={classes.rewrite}>
              <TextInput
                label="Rewrite instruction"
                placeholder="e.g. Make it shorter"
                value={instructions}
                onChange={(event) => setInstructions(event.currentTarget.value)}
                className={classes.grow}
              />
              <Button
                variant="light"
                leftSection={<IconSparkles size={16} aria-hidden="true" />}
                disabled={selected.length === 0 || busy !== null || instructions.trim() === ''}
                loading={busy === 'rewrite'}
                onClick={() =>
                  void run('rewrite', async () => {
                    const done = await onRewrite(selected, instructions.trim());
                    if (done) setInstructions('');
                    return done;
                  })
                }
              >
                Rewrite
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {shown.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {posts.length === 0 ? 'No posts this month yet. Generate the month or add a post from the calendar.' : 'No posts match these filters.'}
          </Text>
        </Paper>
      ) : (
        <div className={classes.list}>
          <div className={classes.head} aria-hidden="true">
            <span />
            <span>Day</span>
            <span>Network</span>
            <span>Text and hashtags</span>
            <span>Media</span>
            <span>Status</span>
          </div>
          <ul className={classes.rows} aria-label="Posts of the month">
            {shown.map((post) => (
              <ListRow
                key={post.id}
                post={post}
                selected={selectedIds.has(post.id)}
                editable={!archived}
                approvalShown={approvalShown}
                onSelect={(on) => toggle(post.id, on)}
                onOpen={() => onOpenPost(post.id)}
                onSaveText={onSaveText}
              />
            ))}
          </ul>
        </div>
      )}
    </Stack>
  );
}
