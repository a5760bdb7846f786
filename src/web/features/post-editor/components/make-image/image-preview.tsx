import { Loader, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto, IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ImageJob } from '@shared/schemas/images';
import { isActive, jobStatusWords } from '../../../../lib/images/image-words';
import { choiceLabel } from './template-choice';
import classes from './images.module.css';

interface Props {
  job: ImageJob | null;
  /** The request that starts a job is on its way. */
  starting: boolean;
  /** Words for the image's alt text: what it is about. */
  about: string;
}

/** The stage of the modal: a hint before the first image, a spinner with words while it is made, then the image or its slides (or that none came). */
export function ImagePreview({ job, starting, about }: Props) {
  const busy = starting || (job !== null && isActive(job));
  const stage = useRef<HTMLDivElement>(null);
  // On a phone the stage is below the choices: it comes into view when making starts.
  useEffect(() => {
    if (starting) stage.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [starting]);
  return (
    <div ref={stage} className={classes.stage} data-testid="image-stage" aria-busy={busy}>
      {busy ? (
        <Stack align="center" gap="sm">
          <Loader size="md" aria-hidden="true" />
          <Text size="sm" fw={500} ta="center">
            {job && !starting ? jobStatusWords(job) : 'Starting...'}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            This usually takes a few seconds.
          </Text>
        </Stack>
      ) : job?.status === 'succeeded' && job.files.length > 0 ? (
        <Made job={job} about={about} />
      ) : job?.status === 'failed' ? (
        <Stack align="center" gap="xs" maw={320}>
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden="true">
            <IconPhotoOff size={24} />
          </ThemeIcon>
          <Text size="sm" ta="center">
            No image this time.
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap="xs" maw={320}>
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden="true">
            <IconPhoto size={24} />
          </ThemeIcon>
          <Text size="sm" ta="center">
            Choose a style and press Make image.
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            Nothing is added to the post until you keep it.
          </Text>
        </Stack>
      )}
    </div>
  );
}

/** One image, or a carousel's slides in order, each numbered. */
function Made({ job, about }: { job: ImageJob; about: string }) {
  const style = job.mode === 'ai' ? 'Generated image' : `${choiceLabel(job.template ?? 'tip')} image`;
  if (job.files.length === 1) {
    const file = job.files[0]!;
    return (
      <figure className={`${classes.slide} ${classes.single}`}>
        <img src={file.url} alt={`${style}: ${about}`} data-testid="made-image" />
      </figure>
    );
  }
  const total = job.files.length;
  return (
    <SimpleGrid component="ol" cols={3} spacing="xs" className={classes.slides} aria-label={`${total} slides`}>
      {job.files.map((file, index) => (
        <li key={file.fileId} className={classes.slide}>
          <img src={file.url} alt={`Slide ${index + 1} of ${total}: ${about}`} data-testid="made-image" />
          <span className={classes.slideNumber} aria-hidden="true">
            {index + 1}/{total}
          </span>
        </li>
      ))}
    </SimpleGrid>
  );
}
