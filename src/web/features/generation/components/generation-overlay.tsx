import { Portal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PLATFORM_LABELS } from '@shared/domain/options';
import type { GenerationProgress } from '@shared/schemas/generation';
import classes from './generation-overlay.module.css';
import { shortDay } from '@shared/domain/day-words';

/** The spec's four messages, cycling every 5 seconds while the month is written. */
export const GENERATION_MESSAGES = [
  'Analyzing your brand voice and strategy...',
  'Crafting engaging narratives...',
  'Optimizing content for maximum impact...',
  'Finalizing your content strategy...',
] as const;
export const MESSAGE_INTERVAL_MS = 5000;

function progressText(job: GenerationProgress | null): string {
  if (!job) return 'Planning your posts...';
  return `${job.written} of ${job.planned} ${job.planned === 1 ? 'post' : 'posts'} written`;
}

/** The end of a text being written, so its newest words stay in view however long it gets. */
function tail(content: string, characters = 180): string {
  if (content.length <= characters) return content;
  const cut = content.slice(-characters);
  return `…${cut.slice(cut.indexOf(' ') + 1)}`;
}

/** While open: the page behind is inert (focus stays here, screen readers read only this) and does not scroll. */
function useModalLayer(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const overflow = document.body.style.overflow;
    root?.setAttribute('inert', '');
    document.body.style.overflow = 'hidden';
    ref.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [ref]);
}

interface Props {
  monthLabel: string;
  job: GenerationProgress | null;
  reconnecting: boolean;
}

/** Full-screen, animated, with real progress: mounted only while a month is being generated. */
export function GenerationOverlay({ monthLabel, job, reconnecting }: Props) {
  const titleId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const [messageIndex, setMessageIndex] = useState(0);
  useModalLayer(layer);
  useEffect(() => {
    const timer = setInterval(() => setMessageIndex((index) => (index + 1) % GENERATION_MESSAGES.length), MESSAGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const percent = job && job.planned > 0 ? Math.round((job.written / job.planned) * 100) : 0;
  const latest = job?.latest;
  const draft = latest ? null : job?.draft;

  return (
    <Portal>
      <div
        ref={layer}
        className={classes.backdrop}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="generation-overlay"
        onKeyDown={(event) => {
          // Nothing to tab to: keep focus on the dialog.
          if (event.key === 'Tab') event.preventDefault();
        }}
      >
        <div className={classes.card}>
          <div className={classes.orb} aria-hidden="true">
            <IconSparkles size={34} stroke={1.6} />
          </div>
          <Title order={2} fz={21} id={titleId} textWrap="balance">
            Generating content for {monthLabel}
          </Title>
          <Text key={messageIndex} className={classes.message} c="dimmed" mt={8} mb="xl">
            {GENERATION_MESSAGES[messageIndex]}
          </Text>
          <Stack gap={8}>
            <Progress.Root size="lg" radius="xl">
              <Progress.Section value={percent} animated aria-label="Posts written" />
            </Progress.Root>
            <Text fw={600} size="sm" role="status" aria-live="polite">
              {progressText(job)}
            </Text>
            {reconnecting && (
              <Text size="sm" c="dimmed">
                Connection lost. Reconnecting...
              </Text>
            )}
          </Stack>
          {draft && (
            // Not a live region: the text changes several times a second. The count above announces progress.
            <div className={classes.peek} data-testid="generation-draft" aria-busy="true">
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                Writing now · {PLATFORM_LABELS[draft.platform]} · {shortDay(draft.date.slice(0, 10))}
              </Text>
              <Text size="sm">
                {tail(draft.content)}
                <span className={classes.caret} aria-hidden="true" />
              </Text>
            </div>
          )}
          {latest && (
            <div className={classes.peek}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                Just written · {PLATFORM_LABELS[latest.platform]} · {shortDay(latest.date.slice(0, 10))}
              </Text>
              <Text size="sm" lineClamp={3}>
                {latest.content}
              </Text>
            </div>
          )}
          <Text size="xs" c="dimmed" mt="xl">
            {job ? <>Writer: {job.writer}</> : 'Starting the writer...'}
          </Text>
        </div>
      </div>
    </Portal>
  );
}
