import { ActionIcon, SimpleGrid, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { MediaItem } from '@shared/schemas/post';
import classes from './post-editor.module.css';

export interface MediaPreviewsProps {
  items: MediaItem[];
  removingUrl: string | null;
  disabled: boolean;
  onRemove: (url: string, label: string) => void;
}

/** 'Image 1', 'Video 1', 'Image 2'...: numbered per kind, as the remove buttons name them. */
export function mediaLabels(items: MediaItem[]): string[] {
  const counts = { image: 0, video: 0 };
  return items.map((item) => `${item.type === 'image' ? 'Image' : 'Video'} ${(counts[item.type] += 1)}`);
}

/** The stored images and videos of a post, each removable. */
export function MediaPreviews({ items, removingUrl, disabled, onRemove }: MediaPreviewsProps) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {disabled ? 'No images or videos.' : 'No images or videos yet. Upload one below.'}
      </Text>
    );
  }
  const labels = mediaLabels(items);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Media of this post">
      {items.map((item, index) => {
        const label = labels[index] ?? '';
        return (
          <li key={item.url} className={classes.mediaItem}>
            {item.type === 'image' ? (
              <img src={item.url} alt={label} loading="lazy" />
            ) : (
              <video src={item.url} controls preload="metadata" aria-label={label} />
            )}
            <ActionIcon
              className={classes.mediaRemove}
              variant="default"
              aria-label={`Remove ${label.toLowerCase()}`}
              disabled={disabled || removingUrl !== null}
              loading={removingUrl === item.url}
              onClick={() => onRemove(item.url, label)}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
