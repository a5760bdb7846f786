import { Checkbox, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';

const TONES = [
  { value: 'Professional', hint: 'Clear, confident and polished.', icon: IconBriefcase },
  { value: 'Friendly', hint: 'Warm, approachable and personal.', icon: IconMoodSmile },
];

/** The spec's Professional / Friendly cards: a multi-select kept in local state only. */
export function TonePicker() {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <Checkbox.Group value={selected} onChange={setSelected} label="Tone" description="Pick the tones you want to try this week.">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mt="sm" maw={560}>
        {TONES.map((tone) => (
          <Checkbox.Card key={tone.value} value={tone.value} p="md" radius="md" aria-label={tone.value}>
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={38} radius="md">
                <tone.icon size={22} aria-hidden="true" />
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1 }}>
                <Text fw={600}>{tone.value}</Text>
                <Text size="sm" c="dimmed">
                  {tone.hint}
                </Text>
              </Stack>
              <Checkbox.Indicator />
            </Group>
          </Checkbox.Card>
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
