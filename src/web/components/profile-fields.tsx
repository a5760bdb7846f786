import { Checkbox, Group, NativeSelect, Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { BUSINESS_GOAL_LABELS, BUSINESS_GOALS, capitalize, INDUSTRIES, TONES_OF_VOICE } from '@shared/domain/options';
import { POST_LANGUAGES } from '@shared/domain/languages';
import { PROFILE_LIMITS, type ProfileInput } from '@shared/schemas/profile';
import { useAiSettings } from '../lib/queries/ai-settings';
import { ChoiceCards } from './choice-cards';

/** The company profile's fields, shared by onboarding (one step at a time) and Settings (all at once). */
type Props = { form: UseFormReturnType<ProfileInput> };

export const YourNameField = ({ form }: Props) => (
  <TextInput label="Your Name" autoComplete="name" maxLength={PROFILE_LIMITS.name} {...form.getInputProps('name')} />
);

export const CompanyNameField = ({ form }: Props) => (
  <TextInput label="Company Name" autoComplete="organization" maxLength={PROFILE_LIMITS.companyName} {...form.getInputProps('companyName')} />
);

export const DescriptionField = ({ form }: Props) => (
  <Textarea
    label="Company Description"
    placeholder="Describe your company in 2-3 sentences."
    description="Describe your company in 2-3 sentences."
    autosize
    minRows={3}
    maxLength={PROFILE_LIMITS.description}
    {...form.getInputProps('description')}
  />
);

export const IndustryField = ({ form }: Props) => (
  <NativeSelect
    label="Industry"
    data={[{ value: '', label: 'Select Industry' }, ...INDUSTRIES.map((industry) => ({ value: industry, label: capitalize(industry) }))]}
    {...form.getInputProps('industry')}
  />
);

export const ToneOfVoiceField = ({ form }: Props) => (
  <ChoiceCards
    label="Tone of Voice"
    options={TONES_OF_VOICE}
    value={form.getValues().toneOfVoice}
    onChange={(next) => form.setFieldValue('toneOfVoice', next)}
  />
);

export const WebsiteField = ({ form }: Props) => (
  <TextInput
    label="Website URL"
    type="url"
    placeholder="https://example.com"
    autoComplete="url"
    maxLength={PROFILE_LIMITS.website}
    {...form.getInputProps('website')}
  />
);

/** The language the AI writes posts in: a searchable list; the built-in writer says it stays English. */
export function PostLanguageField({ form }: Props) {
  const writer = useAiSettings();
  const offline = writer.data?.kind === 'offline';
  return (
    <Select
      label="Post language"
      description={
        offline
          ? 'The built-in template writer writes in English; with an AI provider set up, posts are written in this language.'
          : 'The AI writes every post, rewrite and single post in this language.'
      }
      data={[...POST_LANGUAGES]}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No language matches"
      {...form.getInputProps('postLanguage')}
    />
  );
}

export const TargetAudienceField = ({ form }: Props) => (
  <Textarea
    label="Target Audience"
    placeholder="Who are your customers? For example: families in Leeds looking for a friendly dentist."
    autosize
    minRows={3}
    maxLength={PROFILE_LIMITS.targetAudience}
    {...form.getInputProps('targetAudience')}
  />
);

export const BusinessGoalsField = ({ form }: Props) => (
  <Checkbox.Group label="Business Goals" {...form.getInputProps('businessGoals')}>
    <Group gap="xl" mt="xs">
      {BUSINESS_GOALS.map((goal) => (
        <Checkbox key={goal} value={goal} label={BUSINESS_GOAL_LABELS[goal]} />
      ))}
    </Group>
  </Checkbox.Group>
);
