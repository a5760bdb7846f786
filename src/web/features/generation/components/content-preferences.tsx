import { Checkbox, Divider, Group, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { CONTENT_TYPES, PLATFORM_LABELS, PLATFORMS, WEEKDAYS } from '@shared/domain/options';
import { POST_FREQUENCY, type Strategy } from '@shared/schemas/strategy';
import { HolidayPicker } from './holiday-picker';

const FREQUENCY_MARKS = Array.from({ length: POST_FREQUENCY.max - POST_FREQUENCY.min + 1 }, (_, i) => ({
  value: POST_FREQUENCY.min + i,
  label: String(POST_FREQUENCY.min + i),
}));

const perWeek = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'} per week`;

interface Props {
  form: UseFormReturnType<Strategy>;
  year: number;
  month: number;
  monthLabel: string;
}

/** Section 'Content Preferences': frequency, target platforms, preferred days, content types, holidays. */
export function ContentPreferencesFields({ form, year, month, monthLabel }: Props) {
  const frequencyLabelId = useId();
  const frequency = form.getValues().postFrequency;
  return (
    <>
      <Stack gap={6}>
        <Group justify="space-between" align="baseline">
          <Text component="span" id={frequencyLabelId} size="sm" fw={500}>
            Posts per week
          </Text>
          <Text component="span" size="sm" fw={700} c="brand.8" aria-hidden="true">
            {perWeek(frequency)}
          </Text>
        </Group>
        <Slider
          min={POST_FREQUENCY.min}
          max={POST_FREQUENCY.max}
          step={1}
          marks={FREQUENCY_MARKS}
          label={null}
          thumbLabel="Posts per week"
          thumbValueText={perWeek}
          thumbProps={{ 'aria-labelledby': frequencyLabelId }}
          styles={{ markLabel: { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-xs)' } }}
          mb="lg"
          {...form.getInputProps('postFrequency')}
        />
        {form.errors.postFrequency && (
          <Text size="sm" c="red.9">
            {form.errors.postFrequency}
          </Text>
        )}
      </Stack>
      <Checkbox.Group label="Target Platforms" description="Networks the month's posts take turns on." withAsterisk {...form.getInputProps('platforms')}>
        <SimpleGrid type="container" cols={{ base: 2, '330px': 3 }} spacing="sm" verticalSpacing="sm" mt="xs">
          {PLATFORMS.map((platform) => (
            <Checkbox key={platform} value={platform} label={PLATFORM_LABELS[platform]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group
        label="Preferred Days"
        description="Posts land on these days first. Leave them all unticked to spread posts across the week."
        {...form.getInputProps('preferredDays')}
      >
        <SimpleGrid type="container" cols={{ base: 2, '330px': 3, '470px': 4 }} spacing="sm" verticalSpacing="sm" mt="xs">
          {WEEKDAYS.map((day) => (
            <Checkbox key={day} value={day} label={day} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group
        label="Content Types"
        description="Formats to mix. With none ticked, posts alternate text and images."
        {...form.getInputProps('contentTypes')}
      >
        <SimpleGrid type="container" cols={{ base: 2, '360px': 4 }} spacing="sm" verticalSpacing="sm" mt="xs">
          {CONTENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={type} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Divider />
      <HolidayPicker form={form} year={year} month={month} monthLabel={monthLabel} />
    </>
  );
}
