import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCalendarStats, IconRefresh, IconSparkles, IconTargetArrow } from '@tabler/icons-react';
import { planSlots } from '@shared/domain/slot-planner';
import type { MonthDetail } from '@shared/schemas/month';
import { DEFAULT_STRATEGY, strategySchema, type Strategy } from '@shared/schemas/strategy';
import { useGenerationFlow } from '../hooks/use-generation-flow';
import { ContentPreferencesFields } from './content-preferences';
import { SectionCard } from '../../../components/section-card';
import { useAiSettings } from '../../../lib/queries/ai-settings';
import { EvergreenFillCard } from './evergreen-fill';
import { GenerationOverlay } from './generation-overlay';
import { GenerationSummary } from './generation-summary';
import { ReplacePostsModal } from './replace-posts-modal';
import { StrategicFocusFields } from './strategic-focus';

/** What generating again does to the month's posts: scheduled and published ones stay. */
function replacesNote(count: number, kept: number): string {
  const posts = (n: number) => `${n === 1 ? 'post' : 'posts'}`;
  if (kept === 0) return `Replaces the ${count} current ${posts(count)}.`;
  if (kept === count) return `Keeps the ${count} ${posts(count)} scheduled or published.`;
  return `Replaces ${count - kept} of the ${count} current posts; keeps ${kept} scheduled or published.`;
}

/** How many posts the strategy plans, as the server will plan them; null while the form is invalid. */
function plannedCount(month: MonthDetail, values: Strategy): number | null {
  const checked = strategySchema.safeParse(values);
  return checked.success ? planSlots({ year: month.year, month: month.month, strategy: checked.data }).length : null;
}

interface GenerateTabProps {
  month: MonthDetail;
  /** Called after a successful generation, with the month already re-read. */
  onGenerated: () => void;
}

/** The Generate tab: the month's strategy form, saved with the month, and the generation it starts. */
export function GenerateTab({ month, onGenerated }: GenerateTabProps) {
  const monthLabel = `${month.name} ${month.year}`;
  const form = useForm<Strategy>({
    mode: 'controlled',
    initialValues: month.strategy ?? DEFAULT_STRATEGY,
    validate: schemaResolver(strategySchema, { sync: true }),
  });
  const flow = useGenerationFlow({
    month,
    onGenerated,
    onFieldErrors: (fields) => {
      for (const [path, message] of Object.entries(fields)) form.setFieldError(path.replace(/^strategy\./, ''), message);
    },
    currentStrategy: () => {
      const checked = strategySchema.safeParse(form.getValues());
      return checked.success ? checked.data : null;
    },
  });
  const planned = plannedCount(month, form.getValues());
  // Until the user flips it, the switch says what the month's last generation did.
  const [makeImagesChoice, setMakeImages] = useState<boolean | null>(null);
  const makeImages = makeImagesChoice ?? flow.lastMakeImages;
  const writer = useAiSettings();
  const writerLabel = writer.data?.label ?? flow.lastWriter;

  const submit = form.onSubmit(
    (values) => flow.generate(strategySchema.parse(values), makeImages),
    () => requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="xl" mb={4}>
          Content Strategy for {month.name} {month.year}
        </Title>
        <Text c="dimmed">Set your preferences and strategic focus, then generate the month.</Text>
      </div>
      {/* What the last generation left to know or to do: above the form, where the tab opens. */}
      {flow.lastFinished && !flow.busy && (flow.lastFinished.unwritten > 0 || flow.lastFinished.shortened.length > 0 || flow.lastFinished.kept > 0) && (
        <GenerationSummary job={flow.lastFinished} busy={flow.busy} onRetry={flow.writeMissing} />
      )}
      <form noValidate onSubmit={submit} aria-label={`Content strategy for ${monthLabel}`}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <SectionCard
              order={3}
              title="Content Preferences"
              description="Where, how often and when to post, and in which formats."
              icon={<IconCalendarStats size={20} />}
            >
              <ContentPreferencesFields form={form} year={month.year} month={month.month} monthLabel={monthLabel} />
            </SectionCard>
            <SectionCard
              order={3}
              title="Strategic Focus"
              description="What the posts talk about and what they ask readers to do."
              icon={<IconTargetArrow size={20} />}
            >
              <StrategicFocusFields form={form} />
            </SectionCard>
          </SimpleGrid>
          {/* Sticky on wider screens, so the primary action stays in reach; in the flow on phones, where it would hide the form. */}
          <Paper withBorder shadow="sm" p="md" pos={{ base: 'static', sm: 'sticky' }} bottom={16} style={{ zIndex: 5 }}>
            <Stack gap="md">
              {flow.failure && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  title={flow.failure.title}
                  role="alert"
                  withCloseButton
                  closeButtonLabel="Dismiss"
                  onClose={flow.dismissFailure}
                  py="sm"
                >
                  <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                    <Text size="sm" style={{ flex: '1 1 280px' }}>
                      {flow.failure.message}
                    </Text>
                    {flow.failure.retry && (
                      <Button size="xs" color="red.9" onClick={flow.retry} disabled={flow.busy} leftSection={<IconRefresh size={14} aria-hidden="true" />}>
                        Try again
                      </Button>
                    )}
                  </Group>
                </Alert>
              )}
              <Switch
                label="Make images for visual posts"
                description="Image and carousel posts get an image from your brand templates once they are written. You can change or replace each one later."
                checked={makeImages}
                onChange={(event) => setMakeImages(event.currentTarget.checked)}
                disabled={flow.busy}
              />
              <Group justify="space-between" gap="md" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600}>
                    {planned === null ? 'Check the highlighted fields' : `${planned} ${planned === 1 ? 'post' : 'posts'} planned for ${month.name}`}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {writerLabel ? `Writer: ${writerLabel}` : 'Posts are saved to your calendar, ready to edit.'}
                    {month.postCount > 0 && ` · ${replacesNote(month.postCount, month.keptPostCount)}`}
                  </Text>
                </Stack>
                <Button
                  type="submit"
                  size="md"
                  w={{ base: '100%', xs: 'auto' }}
                  disabled={flow.busy}
                  leftSection={flow.busy ? <Loader size={16} color="currentColor" aria-hidden="true" /> : <IconSparkles size={18} aria-hidden="true" />}
                >
                  {flow.busy ? 'Generating Content...' : 'Generate Content'}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </form>
      <EvergreenFillCard month={month} />
      {flow.overlayOpen && <GenerationOverlay monthLabel={monthLabel} job={flow.job} reconnecting={flow.reconnecting} />}
      <ReplacePostsModal existing={flow.confirm} monthLabel={monthLabel} onConfirm={flow.confirmReplace} onCancel={flow.cancelReplace} />
    </Stack>
  );
}
