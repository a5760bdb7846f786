import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_PROFILE_INPUT, profileInputSchema, type ProfileInput } from '@shared/schemas/profile';
import { Logo } from '../../../components/logo';
import { dropDraft, keepDraft, readDraft } from '../onboarding-draft';
import { ONBOARDING_STEPS } from '../steps';
import { useOnboardingSave, type SaveStatus } from '../use-onboarding-save';
import { AudienceInsightsStep, BrandDetailsStep, CompanyBasicsStep, ConnectAccountsStep } from './onboarding-fields';

/** Which step holds each field, to take the user to the first problem. */
const FIELD_STEP: Partial<Record<keyof ProfileInput, number>> = { website: 1, brandColors: 1, brandLogo: 1, brandFont: 1, targetAudience: 2, businessGoals: 2 };
const LAST_STEP = ONBOARDING_STEPS.length - 1;

function StatusLine({ status }: { status: SaveStatus }) {
  if (status.kind === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={status.message}>
        {status.detail ?? 'Please try again.'}
      </Alert>
    );
  }
  return (
    <Group gap="xs" role="status" aria-live="polite">
      {status.kind === 'progress' ? <Loader size="xs" /> : <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden="true" />}
      <Text size="sm">{status.message}</Text>
    </Group>
  );
}

export function OnboardingPage() {
  // Back from a network's sign-in (Connect Accounts): that step again, with the answers given before it.
  const [search] = useSearchParams();
  const [returning] = useState(() => search.has('connect') || search.has('connect_error'));
  const [step, setStep] = useState(returning ? LAST_STEP : 0);
  const [initialValues] = useState(() => (returning ? readDraft() : EMPTY_PROFILE_INPUT));
  const form = useForm<ProfileInput>({ mode: 'controlled', initialValues });
  useEffect(() => dropDraft(), []);
  const { status, saving, submit, skip } = useOnboardingSave();
  const current = ONBOARDING_STEPS[step]!;

  const onSubmit = async () => {
    const checked = profileInputSchema.safeParse(form.getValues());
    if (!checked.success) {
      const first = checked.error.issues[0]!;
      for (const issue of checked.error.issues) form.setFieldError(String(issue.path[0]), issue.message);
      setStep(FIELD_STEP[first.path[0] as keyof ProfileInput] ?? 0);
      return;
    }
    await submit(checked.data);
  };

  const onContinue = () => (step === LAST_STEP ? void onSubmit() : setStep(step + 1));

  return (
    <Center mih="100vh" p="md" component="main">
      <Box w="100%" maw={800}>
        <Group justify="space-between" mb="lg">
          <Logo />
          {!saving && (
            <Anchor component="button" type="button" size="sm" onClick={() => void skip()}>
              Skip for now
            </Anchor>
          )}
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }}>
          <Stepper active={step} size="xs" mb={32} allowNextStepsSelect={false} onStepClick={saving ? undefined : setStep}>
            {ONBOARDING_STEPS.map((item) => (
              <Stepper.Step key={item.heading} label={item.heading} />
            ))}
          </Stepper>
          <Stack gap={4} mb="lg">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Step {step + 1} of {ONBOARDING_STEPS.length}
            </Text>
            <Title order={1} fz={24}>
              {current.heading}
            </Title>
            <Text c="dimmed">{current.description}</Text>
          </Stack>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onContinue();
            }}
          >
            <fieldset disabled={saving} style={{ border: 0, padding: 0, margin: 0 }}>
              {step === 0 && <CompanyBasicsStep form={form} />}
              {step === 1 && <BrandDetailsStep form={form} />}
              {step === 2 && <AudienceInsightsStep form={form} />}
              {step === 3 && <ConnectAccountsStep onLeave={() => keepDraft(form.getValues())} />}
            </fieldset>
            {status && (
              <Box mt="lg">
                <StatusLine status={status} />
              </Box>
            )}
            <Group justify="space-between" mt="xl">
              {step > 0 ? (
                <Button variant="default" onClick={() => setStep(step - 1)} disabled={saving}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={saving && step === LAST_STEP}>
                {step === LAST_STEP ? 'Submit' : 'Continue'}
              </Button>
            </Group>
          </form>
        </Paper>
      </Box>
    </Center>
  );
}
