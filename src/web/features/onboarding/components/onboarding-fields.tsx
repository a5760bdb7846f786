import { Checkbox, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { BUSINESS_GOAL_LABELS, BUSINESS_GOALS, capitalize, INDUSTRIES, TONES_OF_VOICE } from '../../../../shared/domain/options';
import { PROFILE_LIMITS, type ProfileInput } from '../../../../shared/schemas/profile';
import { ChoiceCards } from './tone-cards';

type Form = UseFormReturnType<ProfileInput>;

export function CompanyBasicsStep({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <TextInput label="Your Name" autoComplete="name" maxLength={PROFILE_LIMITS.name} {...form.getInputProps('name')} />
      <TextInput label="Company Name" autoComplete="organization" maxLength={PROFILE_LIMITS.companyName} {...form.getInputProps('companyName')} />
      <Textarea
        label="Company Description"
        placeholder="Describe your company in 2-3 sentences."
        description="Describe your company in 2-3 sentences."
        autosize
        minRows={3}
        maxLength={PROFILE_LIMITS.description}
        {...form.getInputProps('description')}
      />
      <NativeSelect
        label="Industry"
        data={[{ value: '', label: 'Select Industry' }, ...INDUSTRIES.map((industry) => ({ value: industry, label: capitalize(industry) }))]}
        {...form.getInputProps('industry')}
      />
      <ChoiceCards
        label="Tone of Voice"
        options={TONES_OF_VOICE}
        value={form.getValues().toneOfVoice}
        onChange={(next) => form.setFieldValue('toneOfVoice', next)}
      />
    </Stack>
  );
}

export function BrandDetailsStep({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <TextInput
        label="Website URL"
        type="url"
        placeholder="https://example.com"
        autoComplete="url"
        maxLength={PROFILE_LIMITS.website}
        {...form.getInputProps('website')}
      />
    </Stack>
  );
}

export function AudienceInsightsStep({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <Textarea
        label="Target Audience"
        placeholder="Who are your customers? For example: families in Leeds looking for a friendly dentist."
        autosize
        minRows={3}
        maxLength={PROFILE_LIMITS.targetAudience}
        {...form.getInputProps('targetAudience')}
      />
      <Checkbox.Group label="Business Goals" {...form.getInputProps('businessGoals')}>
        <Stack gap="xs" mt="xs">
          {BUSINESS_GOALS.map((goal) => (
            <Checkbox key={goal} value={goal} label={BUSINESS_GOAL_LABELS[goal]} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

export function ConnectAccountsStep() {
  return (
    <Paper withBorder p="lg" bg="gray.0">
      <Stack gap="xs" align="flex-start">
        <IconPlugConnected size={28} stroke={1.6} aria-hidden="true" color="var(--mantine-color-brand-8)" />
        <Text fw={600}>Connect Accounts Step</Text>
        <Text size="sm" c="dimmed">
          Publishing straight to social networks is not available yet. You can plan and schedule posts here and export them
          to the tools you already use.
        </Text>
      </Stack>
    </Paper>
  );
}
