import { Group, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { POST_LIMITS } from '@shared/schemas/post';

/** '#tag' for a one-word tag (with or without '#'), null for anything the server would refuse. */
export function normaliseHashtag(raw: string): string | null {
  const tag = raw.trim().replace(/^#+/, '');
  if (tag === '' || /[\s#,]/u.test(tag) || tag.length + 1 > POST_LIMITS.hashtag) return null;
  return `#${tag}`;
}

export interface HashtagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** The text typed but not yet turned into a tag (Save takes it too, so it is never lost). */
  search: string;
  onSearchChange: (search: string) => void;
  disabled?: boolean;
}

/** The post's hashtags as removable tags; Enter, comma or space adds one. */
export function HashtagsField({ value, onChange, search, onSearchChange, disabled }: HashtagsFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const change = (tags: string[]) => {
    const cleaned: string[] = [];
    let refused = false;
    for (const tag of tags) {
      const normalised = normaliseHashtag(tag);
      if (normalised === null) refused = true;
      else if (!cleaned.includes(normalised)) cleaned.push(normalised);
    }
    setError(refused ? 'A hashtag is one word without spaces or commas.' : null);
    onChange(cleaned.slice(0, POST_LIMITS.hashtags));
  };
  // Pasted or auto-filled text with separators becomes tags at once; the part after the last separator stays typed.
  const changeSearch = (text: string) => {
    const parts = text.split(/[,\s]+/u);
    if (parts.length === 1) return onSearchChange(text);
    const rest = parts.pop() ?? '';
    change([...value, ...parts.filter((part) => part !== '')]);
    onSearchChange(rest);
  };
  return (
    <TagsInput
      label="Hashtags"
      description="Press Enter or comma after each hashtag."
      placeholder={value.length < POST_LIMITS.hashtags ? 'Add a hashtag' : undefined}
      value={value}
      onChange={change}
      searchValue={search}
      onSearchChange={changeSearch}
      splitChars={[',', ' ']}
      maxTags={POST_LIMITS.hashtags}
      error={error}
      disabled={disabled}
    />
  );
}

/** Read-only hashtags under the post text. */
export function HashtagsLine({ hashtags }: { hashtags: string[] }) {
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        Hashtags:
      </Text>
      <Text size="sm" fw={500}>
        {hashtags.length > 0 ? hashtags.join(' ') : 'none'}
      </Text>
    </Group>
  );
}
