import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { BUSINESS_GOAL_LABELS, BUSINESS_GOALS, capitalize, INDUSTRIES, TONES_OF_VOICE } from '../../../../shared/domain/options';
import { PROFILE_LIMITS, profileInputSchema, type Profile, type ProfileInput } from '../../../../shared/schemas/profile';
import { ErrorState } from '../../../components/error-state';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { useProfile } from '../api/profile';
import { useUpdateProfile } from '../api/update-profile';
import { notify } from '../../../lib/notify';
import { ChoiceCards } from './choice-cards';

function toInput(profile: Profile): ProfileInput {
  const { name, companyName, description, industry, toneOfVoice, brandColors, website, targetAudience, businessGoals } = profile;
  return { name, companyName, description, industry, toneOfVoice, brandColors, website, targetAudience, businessGoals };
}

const focusFirstInvalid = () => requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({ mode: 'controlled', initialValues: toInput(profile), validate: schemaResolver(profileInputSchema, { sync: true }) });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = toInput(await update.mutateAsync(profileInputSchema.parse(values)));
      form.setValues(saved);
      form.resetDirty(saved);
      notify({ tone: 'success', title: 'Profile saved', message: 'Your company profile is up to date.' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) for (const [path, message] of Object.entries(error.fields)) form.setFieldError(path, message);
      notify({ tone: 'error', title: 'Could not save your profile', message: errorMessage(error) });
    }
  }, focusFirstInvalid);

  return (
    <form noValidate onSubmit={submit} aria-label="Company profile">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <TextInput label="Your Name" autoComplete="name" maxLength={PROFILE_LIMITS.name} {...form.getInputProps('name')} />
          <TextInput label="Company Name" autoComplete="organization" maxLength={PROFILE_LIMITS.companyName} {...form.getInputProps('companyName')} />
        </SimpleGrid>
        <Textarea
          label="Company Description"
          description="Describe your company in 2-3 sentences."
          autosize
          minRows={3}
          maxLength={PROFILE_LIMITS.description}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <NativeSelect
            label="Industry"
            data={[{ value: '', label: 'Select Industry' }, ...INDUSTRIES.map((industry) => ({ value: industry, label: capitalize(industry) }))]}
            {...form.getInputProps('industry')}
          />
          <TextInput label="Website URL" type="url" placeholder="https://example.com" autoComplete="url" maxLength={PROFILE_LIMITS.website} {...form.getInputProps('website')} />
        </SimpleGrid>
        <ChoiceCards label="Tone of Voice" options={TONES_OF_VOICE} value={form.getValues().toneOfVoice} onChange={(next) => form.setFieldValue('toneOfVoice', next)} />
        <Textarea
          label="Target Audience"
          placeholder="Who are your customers? For example: families in Leeds looking for a friendly dentist."
          autosize
          minRows={3}
          maxLength={PROFILE_LIMITS.targetAudience}
          {...form.getInputProps('targetAudience')}
        />
        <Checkbox.Group label="Business Goals" {...form.getInputProps('businessGoals')}>
          <Group gap="xl" mt="xs">
            {BUSINESS_GOALS.map((goal) => (
              <Checkbox key={goal} value={goal} label={BUSINESS_GOAL_LABELS[goal]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || update.isPending}>
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The onboarding fields, pre-filled from the stored profile. */
export function ProfileSettings() {
  const profile = useProfile();
  if (profile.isError) return <ErrorState title="Could not load your profile" message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />;
  if (!profile.data)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading your profile">
        {[56, 96, 56, 120].map((height, index) => (
          <Skeleton key={index} height={height} />
        ))}
      </Stack>
    );
  return <ProfileForm profile={profile.data} />;
}
