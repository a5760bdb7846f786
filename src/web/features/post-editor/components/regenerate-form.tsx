import { Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { REWRITE_INSTRUCTIONS_MAX } from '@shared/schemas/post';

export const REGENERATE_PROMPT = 'What would you like to change about this post? Be specific about what you want different.';

export interface RegenerateFormProps {
  running: boolean;
  onSubmit: (instructions: string) => void;
  onCancel: () => void;
}

/** The instruction for a rewrite; submit stays disabled until it has more than spaces. */
export function RegenerateForm({ running, onSubmit, onCancel }: RegenerateFormProps) {
  const [instructions, setInstructions] = useState('');
  const ready = instructions.trim() !== '';
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label="Regenerate post"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !running) onSubmit(instructions.trim());
      }}
    >
      <Stack gap="sm">
        <Textarea
          label={REGENERATE_PROMPT}
          placeholder="For example: make it shorter and mention our Saturday opening hours."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={REWRITE_INSTRUCTIONS_MAX}
          value={instructions}
          onChange={(event) => setInstructions(event.currentTarget.value)}
          readOnly={running}
          autoFocus
        />
        {running && (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">Rewriting your post...</Text>
          </Group>
        )}
        <Group gap="xs">
          <Button type="submit" disabled={!ready} loading={running} leftSection={<IconSparkles size={16} aria-hidden="true" />}>
            Rewrite post
          </Button>
          <Button variant="default" onClick={onCancel} disabled={running}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
