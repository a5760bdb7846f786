import { Checkbox, Divider, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CALLS_TO_ACTION } from '@shared/domain/options';
import { STRATEGY_LIMITS, type Strategy } from '@shared/schemas/strategy';

/** Section 'Strategic Focus': themes, calls to action, hashtags, instructions, emojis. */
export function StrategicFocusFields({ form }: { form: UseFormReturnType<Strategy> }) {
  return (
    <>
      <Textarea
        label="Key Themes or Topics"
        description="What the month should talk about. Separate themes with commas or new lines."
        placeholder="e.g. winter smile care, meet our new hygienist, patient stories"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={STRATEGY_LIMITS.keyThemes}
        {...form.getInputProps('keyThemes')}
      />
      <Checkbox.Group label="Calls to Action" description="Posts end with these, taking turns." {...form.getInputProps('selectedCTAs')}>
        <SimpleGrid type="container" cols={{ base: 1, '340px': 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
          {CALLS_TO_ACTION.map((cta) => (
            <Checkbox key={cta} value={cta} label={cta} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <TextInput
        label="Hashtags"
        description="separated by commas"
        placeholder="#smile, #dentalcare, #leeds"
        maxLength={STRATEGY_LIMITS.hashtags}
        {...form.getInputProps('hashtags')}
      />
      <Textarea
        label="Additional Instructions"
        description="Anything else the writer should know."
        placeholder="e.g. mention free parking; never promise same-day appointments"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={STRATEGY_LIMITS.additionalInstructions}
        {...form.getInputProps('additionalInstructions')}
      />
      <Divider />
      <Switch label="Use emojis" description="A few emojis where they suit the platform." {...form.getInputProps('useEmojis', { type: 'checkbox' })} />
    </>
  );
}
