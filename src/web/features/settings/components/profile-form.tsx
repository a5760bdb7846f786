import { Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { profileInputSchema, type Profile, type ProfileInput } from '@shared/schemas/profile';
import { ErrorState } from '../../../components/error-state';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { useProfile } from '../api/profile';
import { useUpdateProfile } from '../api/update-profile';
import { notify } from '../../../lib/notify';
import {
  BusinessGoalsField,
  CompanyNameField,
  DescriptionField,
  IndustryField,
  PostLanguageField,
  TargetAudienceField,
  ToneOfVoiceField,
  WebsiteField,
  YourNameField,
} from '../../../components/profile-fields';
import { BrandKitFields } from '../../../components/brand-kit-fields';

function toInput(profile: Profile): ProfileInput {
  const { name, companyName, description, industry, toneOfVoice, brandColors, brandLogo, brandFont, website, targetAudience, businessGoals, postLanguage } =
    profile;
  return { name, companyName, description, industry, toneOfVoice, brandColors, brandLogo, brandFont, website, targetAudience, businessGoals, postLanguage };
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
          <YourNameField form={form} />
          <CompanyNameField form={form} />
        </SimpleGrid>
        <DescriptionField form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <IndustryField form={form} />
          <WebsiteField form={form} />
        </SimpleGrid>
        <ToneOfVoiceField form={form} />
        <PostLanguageField form={form} />
        <TargetAudienceField form={form} />
        <BusinessGoalsField form={form} />
        <BrandKitFields form={form} />
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
      <Stack gap="lg" aria-busy="true" role="status" aria-label="Loading your profile">
        {[56, 96, 56, 120].map((height, index) => (
          <Skeleton key={index} height={height} />
        ))}
      </Stack>
    );
  return <ProfileForm profile={profile.data} />;
}
