import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { IMAGE_TEMPLATE_LABELS, IMAGE_TEMPLATES, type ImageTemplate } from '@shared/schemas/images';
import classes from './images.module.css';

/** A template, or 'ai' for the image model. */
export type ImageChoice = ImageTemplate | 'ai';

const DESCRIPTIONS: Record<ImageTemplate, string> = {
  tip: 'The headline on a card, with a short line below.',
  quote: 'The key sentence as a quote.',
  announcement: 'News in large type.',
  offer: 'A deal and what to do next.',
  event: 'What happens and when.',
  carousel: 'Numbered slides from the post’s points.',
};

export const choiceLabel = (choice: ImageChoice) => (choice === 'ai' ? 'Generated image' : IMAGE_TEMPLATE_LABELS[choice]);

interface Props {
  value: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  /** Whether the server has an image model; without one, 'Generate image' is not offered. */
  ai: boolean;
  disabled: boolean;
}

/** The six brand templates and, with an image model, 'Generate image', as cards in one radio group. */
export function TemplateChoice({ value, onChange, ai, disabled }: Props) {
  const card = (choice: ImageChoice, title: string, description: string, icon?: React.ReactNode) => (
    <Radio.Card key={choice} value={choice} className={classes.choice} disabled={disabled} p="sm" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator size="sm" mt={2} />
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            {icon}
            <Text fw={600} size="sm">
              {title}
            </Text>
          </Group>
          {/* On phones the names alone keep all the choices on one screen. */}
          <Text size="xs" c="dimmed" visibleFrom="xs">
            {description}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );

  return (
    <Radio.Group value={value} onChange={(next) => onChange(next as ImageChoice)} label="Style" description="Templates use your brand colours, logo and font.">
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {IMAGE_TEMPLATES.map((template) => card(template, IMAGE_TEMPLATE_LABELS[template], DESCRIPTIONS[template]))}
        {ai && card('ai', 'Generate image', 'Drawn by the image model from the description above.', <IconSparkles size={14} aria-hidden="true" />)}
      </SimpleGrid>
    </Radio.Group>
  );
}
