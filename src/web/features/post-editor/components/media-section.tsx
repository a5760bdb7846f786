import { Alert, Button, CloseButton, FileButton, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLibraryPhoto, IconPhotoPlus, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { NETWORK_RULES } from '@shared/domain/networks';
import { POST_LIMITS, type Post } from '@shared/schemas/post';
import { useMediaUploads } from '../hooks/use-media-uploads';
import { EditorSection } from './editor-section';
import { LibraryPicker } from './library-picker';
import { MediaPreviews } from './media-previews';
import { takesMadeImage } from '../../../lib/images/image-words';
import classes from './post-editor.module.css';

// The modal (and its polling) loads with the first 'Make image'.
const MakeImageModal = lazy(() => import('./make-image/make-image-modal').then((module) => ({ default: module.MakeImageModal })));

export interface MediaSectionProps {
  monthId: string;
  post: Post;
  archived: boolean;
}

/** Upload (button or drop), one request per file with its own loader, stored previews, removal, problems. */
export function MediaSection({ monthId, post, archived }: MediaSectionProps) {
  const media = useMediaUploads(monthId, post);
  const resetPicker = useRef<() => void>(null);
  const [dragging, setDragging] = useState(false);
  const [making, setMaking] = useState(false);
  const makes = takesMadeImage(post.type) && !archived;
  const [choosing, setChoosing] = useState(false);
  // What the post's network takes: Google Business Profile shows one photo and no video.
  const network = NETWORK_RULES[post.platform];
  const takesVideo = network.media.types.includes('video');
  const full = post.media.length >= POST_LIMITS.media;

  const pick = (files: File[]) => {
    resetPicker.current?.();
    if (files.length > 0) void media.add(files);
  };

  return (
    <EditorSection
      title="Post Image or Media"
      action={
        makes && (
          <Button size="xs" variant="light" onClick={() => setMaking(true)} leftSection={<IconPhotoPlus size={16} aria-hidden="true" />}>
            Make image
          </Button>
        )
      }
    >
      {post.mediaPrompt && (
        <Text size="sm">
          <Text span fw={600}>
            Suggested media:{' '}
          </Text>
          {post.mediaPrompt}
        </Text>
      )}
      <MediaPreviews items={post.media} removingUrl={media.removingUrl} disabled={archived} onRemove={(url, label) => void media.removeItem(url, label)} />

      <div
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          if (archived || !event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          setDragging(false);
          if (archived || event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          pick(Array.from(event.dataTransfer.files));
        }}
      >
        <Stack align="center" gap={4}>
          <Group justify="center" gap="sm">
            <FileButton multiple accept={network.media.types.map((type) => `${type}/*`).join(',')} onChange={pick} resetRef={resetPicker} disabled={archived}>
              {(props) => (
                <Button {...props} variant="default" disabled={archived} leftSection={<IconUpload size={16} aria-hidden="true" />}>
                  {takesVideo ? 'Upload images or videos' : 'Upload images'}
                </Button>
              )}
            </FileButton>
            <Button
              variant="default"
              disabled={archived || full}
              leftSection={<IconLibraryPhoto size={16} aria-hidden="true" />}
              onClick={() => setChoosing(true)}
              aria-describedby={full && !archived ? `${post.id}-media-full` : undefined}
            >
              Choose from library
            </Button>
          </Group>
          {!archived && (
            <Text size="sm" c="dimmed">
              or drop files here
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Supported formats: JPG, PNG, GIF, MP4
          </Text>
          {!takesVideo && (
            // The spec's hint stays whole; a network without video says so beside it.
            <Text size="sm" c="dimmed">
              {network.label} takes images only.
            </Text>
          )}
          {full && !archived && (
            <Text size="sm" c="dimmed" id={`${post.id}-media-full`}>
              This post has all the media it can take. Remove one to add another.
            </Text>
          )}
          {network.media.maxItems === 1 && (
            <Text size="sm" c="dimmed">
              {network.label} shows one photo with a post.
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Maximum file size: 10MB
          </Text>
        </Stack>
      </div>

      {media.pending.length > 0 && (
        <Stack gap={6} role="status" aria-label="Uploads">
          {media.pending.map((upload) => (
            <Group key={upload.id} gap="xs" wrap="nowrap">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{upload.status === 'uploading' ? `Uploading "${upload.name}"...` : `Waiting to upload "${upload.name}"`}</Text>
            </Group>
          ))}
        </Stack>
      )}

      {media.problems.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <List size="sm" spacing={4}>
              {media.problems.map((problem) => (
                <List.Item key={problem.id}>{problem.message}</List.Item>
              ))}
            </List>
            <CloseButton size="sm" aria-label="Dismiss upload problems" onClick={media.dismissProblems} />
          </Group>
        </Alert>
      )}
      {making && (
        <Suspense fallback={null}>
          <MakeImageModal monthId={monthId} post={post} onClose={() => setMaking(false)} />
        </Suspense>
      )}
      <LibraryPicker opened={choosing} onClose={() => setChoosing(false)} monthId={monthId} post={post} takesVideo={takesVideo} />
    </EditorSection>
  );
}
