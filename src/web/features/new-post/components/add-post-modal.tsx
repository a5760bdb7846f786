import { notify } from '../../../lib/notify';
import { Alert, Button, Group, Loader, Modal, NativeSelect, SegmentedControl, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { postLength } from '@shared/domain/networks';
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS, PLATFORMS, POST_TYPES, capitalize, type Platform, type PostType } from '@shared/domain/options';
import { POST_LIMITS } from '@shared/schemas/post';
import { SINGLE_POST_PROMPT_MAX } from '@shared/schemas/values';
import { errorMessage } from '../../../lib/api-error';
import { useCreatePost } from '../../../lib/posts/api/create-post';

type Mode = 'generate' | 'manual';

export interface AddPostModalProps {
  monthId: string;
  /** YYYY-MM-DD; the modal is open while set. */
  date: string | null;
  dateLabel: string;
  writerLabel?: string;
  onClose: () => void;
  onCreated: (postId: string) => void;
}

/** 'Add Post for {date}': written by the writer from an optional prompt, or by hand ('Create New Post'). */
export function AddPostModal({ monthId, date, dateLabel, onClose, onCreated }: AddPostModalProps) {
  const [mode, setMode] = useState<Mode>('generate');
  const [prompt, setPrompt] = useState('');
  const [platform, setPlatform] = useState<Platform>(PLATFORMS[0]);
  const [type, setType] = useState<PostType>('text');
  const [content, setContent] = useState('');
  const [hashtags, setHashtags] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePost(monthId);
  const limit = PLATFORM_CHARACTER_LIMITS[platform];
  const length = postLength(platform, content.trim(), hashtags);

  const close = () => {
    if (create.isPending) return;
    setFailure(null);
    setPrompt('');
    setContent('');
    setHashtags([]);
    onClose();
  };

  const submit = async () => {
    if (!date) return;
    setFailure(null);
    try {
      const post = await create.mutateAsync(
        mode === 'generate' ? { mode, date, prompt: prompt.trim() } : { mode, date, platform, type, content: content.trim(), hashtags, mediaPrompt: '' },
      );
      notify({ tone: 'success', title: 'Post added', message: `${PLATFORM_LABELS[post.platform]} post for ${dateLabel}.` });
      close();
      onCreated(post.id);
    } catch (error) {
      setFailure(mode === 'generate' ? `Failed to generate post: ${errorMessage(error)}` : errorMessage(error));
    }
  };

  return (
    <Modal opened={date !== null} onClose={close} title={`Add Post for ${dateLabel}`} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { value: 'generate', label: 'Write it for me' },
            { value: 'manual', label: 'Create New Post' },
          ]}
          disabled={create.isPending}
          fullWidth
        />
        {mode === 'generate' ? (
          <Textarea
            label="What would you like to post about? (Optional)"
            placeholder="For example: our new Saturday opening hours"
            autosize
            minRows={3}
            maxLength={SINGLE_POST_PROMPT_MAX}
            value={prompt}
            onChange={(event) => setPrompt(event.currentTarget.value)}
            disabled={create.isPending}
          />
        ) : (
          <>
            <Group grow>
              <NativeSelect
                label="Platform"
                value={platform}
                onChange={(event) => setPlatform(event.currentTarget.value as Platform)}
                data={PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }))}
              />
              <NativeSelect
                label="Type"
                value={type}
                onChange={(event) => setType(event.currentTarget.value as PostType)}
                data={POST_TYPES.map((value) => ({ value, label: capitalize(value) }))}
              />
            </Group>
            <Textarea
              label="Post text"
              autosize
              minRows={4}
              maxLength={POST_LIMITS.content}
              value={content}
              onChange={(event) => setContent(event.currentTarget.value)}
              description={`${length} / ${limit} characters with hashtags, as ${PLATFORM_LABELS[platform]} counts them`}
              error={length > limit ? `Too long for ${PLATFORM_LABELS[platform]} (limit ${limit}): shorten the text or remove hashtags.` : undefined}
            />
            <TagsInput
              label="Hashtags"
              placeholder="Type a hashtag and press Enter"
              value={hashtags}
              onChange={setHashtags}
              splitChars={[',', ' ']}
              clearable
            />
          </>
        )}
        {create.isPending && mode === 'generate' && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm">Generating your post...</Text>
          </Group>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          {mode === 'generate' ? (
            <Button onClick={() => void submit()} loading={create.isPending}>
              Generate Post
            </Button>
          ) : (
            <Button onClick={() => void submit()} loading={create.isPending} disabled={content.trim().length === 0}>
              Add post
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
