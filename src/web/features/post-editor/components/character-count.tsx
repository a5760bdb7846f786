import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { postLength } from '@shared/domain/networks';
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS, type Platform } from '@shared/domain/options';

const number = (value: number) => value.toLocaleString('en-US');

/**
 * '245 / 280' against the platform's limit, counted as the server counts it (text and hashtags; X's
 * weights, Bluesky's graphemes, Mastodon's links); over it, a warning in words and colour.
 */
export function CharacterCount({ id, content, hashtags, platform }: { id: string; content: string; hashtags: string[]; platform: Platform }) {
  const limit = PLATFORM_CHARACTER_LIMITS[platform];
  const count = postLength(platform, content, hashtags);
  const over = count - limit;
  return (
    <Group id={id} gap="sm" justify="space-between" wrap="wrap">
      <Text size="sm" c={over > 0 ? 'red.9' : 'dimmed'} fw={over > 0 ? 700 : 400}>
        {number(count)} / {number(limit)}
      </Text>
      {over > 0 && (
        <Group gap={4} wrap="nowrap">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-9)" aria-hidden="true" />
          <Text size="sm" c="red.9" fw={600}>
            Over the {PLATFORM_LABELS[platform]} limit by {number(over)} {over === 1 ? 'character' : 'characters'}
          </Text>
        </Group>
      )}
    </Group>
  );
}
