import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { daysInMonth, dateOnly, type MonthRef } from '@shared/domain/months';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
import { ADAPT_FIRST } from '@shared/networks';
import type { Post } from '@shared/schemas/post';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useCopyPost } from '../../../lib/posts/api/copy-post';
import { shortDay } from '@shared/domain/day-words';

export type CopyMode = 'duplicate' | 'adapt';

export interface CopyRequest {
  post: Post;
  mode: CopyMode;
  /** The network to adapt for, when the menu named one ('Adapt for LinkedIn'). */
  platform?: Platform;
}

const pad = (value: number) => String(value).padStart(2, '0');

function daysOf(month: MonthRef): string[] {
  return Array.from({ length: daysInMonth(month) }, (_, index) => `${month.year}-${pad(month.month)}-${pad(index + 1)}`);
}

/** 'Duplicate' a post to a day of the month, or 'Adapt for <network>': the writer rewrites it for that network. */
export function CopyPostModal({
  month,
  request,
  onClose,
  onCopied,
}: {
  month: MonthRef & { id: string };
  request: CopyRequest | null;
  onClose: () => void;
  onCopied: (postId: string) => void;
}) {
  const copy = useCopyPost(month.id);
  const [date, setDate] = useState<string | null>(null);
  const [platform, setPlatform] = useState<Platform | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const post = request?.post;
  const adapting = request?.mode === 'adapt';
  const otherNetworks = PLATFORMS.filter((item) => item !== post?.platform);
  const chosenDate = date ?? (post ? dateOnly(post.date) : '');
  const chosenPlatform: Platform =
    platform ?? (adapting ? (otherNetworks.includes(ADAPT_FIRST) ? ADAPT_FIRST : otherNetworks[0]!) : (post?.platform ?? PLATFORMS[0]));

  const close = () => {
    if (copy.isPending) return;
    setDate(null);
    setPlatform(null);
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (!post) return;
    setFailure(null);
    try {
      const created = await copy.mutateAsync({ postId: post.id, mode: request!.mode, version: post.version, date: chosenDate, platform: chosenPlatform });
      notify({
        tone: 'success',
        title: adapting ? `Adapted for ${PLATFORM_LABELS[chosenPlatform]}` : 'Post duplicated',
        message: `A new ${PLATFORM_LABELS[created.platform]} post on ${shortDay(chosenDate)}.`,
      });
      close();
      onCopied(created.id);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={adapting ? 'Adapt for another network' : 'Duplicate post'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {post && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" lineClamp={3}>
            {PLATFORM_LABELS[post.platform]}: {post.content}
          </Text>
          {adapting && <Text size="sm">The writer rewrites the text for the network you pick: its length and habits. The original post stays as it is.</Text>}
          <NativeSelect
            label="Network"
            value={chosenPlatform}
            onChange={(event) => setPlatform(event.currentTarget.value as Platform)}
            data={(adapting ? otherNetworks : [...PLATFORMS]).map((value) => ({ value, label: PLATFORM_LABELS[value] }))}
          />
          <NativeSelect
            label="Day"
            value={chosenDate}
            onChange={(event) => setDate(event.currentTarget.value)}
            data={daysOf(month).map((value) => ({ value, label: shortDay(value) }))}
          />
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={copy.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={copy.isPending}>
              {adapting ? `Adapt for ${PLATFORM_LABELS[chosenPlatform]}` : 'Duplicate post'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
