import { Divider, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import type { ProfileInput } from '@shared/schemas/profile';
import { ConnectionsManager } from '../../../components/connections/connections-manager';
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

type Form = UseFormReturnType<ProfileInput>;

export function CompanyBasicsStep({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <YourNameField form={form} />
      <CompanyNameField form={form} />
      <DescriptionField form={form} />
      <IndustryField form={form} />
      <ToneOfVoiceField form={form} />
    </Stack>
  );
}

export function BrandDetailsStep({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <WebsiteField form={form} />
      <PostLanguageField form={form} />
      <BrandKitFields form={form} />
    </Stack>
  );
}

export function AudienceInsightsStep({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <TargetAudienceField form={form} />
      <BusinessGoalsField form={form} />
    </Stack>
  );
}

/** The spec's placeholder text, then the connections; `onLeave` keeps the wizard's answers while a sign-in is away. */
export function ConnectAccountsStep({ onLeave }: { onLeave: () => void }) {
  return (
    <Paper withBorder p="lg" bg="gray.0">
      <Stack gap="xs" align="flex-start">
        <IconPlugConnected size={28} stroke={1.6} aria-hidden="true" color="var(--mantine-color-brand-8)" />
        <Text fw={600}>Connect Accounts Step</Text>
        <Text size="sm" c="dimmed">
          Connect the accounts your scheduled posts go out to, or skip this and connect them later in Settings → Connections.
        </Text>
      </Stack>
      <Divider my="md" />
      <ConnectionsManager returnTo="onboarding" onLeave={onLeave} />
    </Paper>
  );
}
