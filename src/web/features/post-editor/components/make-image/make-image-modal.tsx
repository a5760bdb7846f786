import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconPhotoPlus, IconRefresh } from '@tabler/icons-react';
import type { Post } from '@shared/schemas/post';
import { useImageCapabilities } from '../../../../lib/images/api/capabilities';
import { jobStatusWords, remainingWords } from '../../../../lib/images/image-words';
import { jobChoice, useImageMaker } from '../../hooks/use-image-maker';
import { ImagePreview } from './image-preview';
import { choiceLabel, TemplateChoice } from './template-choice';

interface Props {
  monthId: string;
  post: Post;
  onClose: () => void;
}

/** What a screen reader hears as the image is made, once per change; a failure is announced by its alert. */
function liveWords(maker: ReturnType<typeof useImageMaker>): string {
  if (maker.starting) return 'Starting to make the image.';
  if (!maker.job || maker.job.status === 'failed') return '';
  if (maker.job.status === 'succeeded') return `The ${choiceLabel(jobChoice(maker.job))} image is ready. Keep it, or make another.`;
  return jobStatusWords(maker.job);
}

/**
 * 'Make image' for one visual post: choose a template (or the image model), make it, look at it, make
 * another or another style, and keep it, which adds it to the post. Choices on the left, the image on
 * the right; one column, full screen, on phones. Mounted only while open.
 */
export function MakeImageModal({ monthId, post, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const capabilities = useImageCapabilities();
  const maker = useImageMaker(monthId, post, onClose);
  const ai = capabilities.data?.ai ?? false;
  const busy = maker.making || maker.keeping;
  const about = post.mediaPrompt.trim();

  return (
    <Modal opened onClose={onClose} title="Make image" size={980} fullScreen={phone} centered={!phone} closeButtonProps={{ 'aria-label': 'Close' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              What the image is about
            </Text>
            <Text size="sm" c={about ? undefined : 'dimmed'} data-testid="image-about">
              {about || 'This post has no media description. Templates use its text; add a description to generate an image.'}
            </Text>
          </Stack>
          <TemplateChoice value={maker.choice} onChange={maker.setChoice} ai={ai} disabled={busy} />
          {capabilities.data && !ai && (
            <Text size="xs" c="dimmed">
              Generate image is not offered: this server has no image model. The templates need none.
            </Text>
          )}
        </Stack>

        <Stack gap="md">
          <ImagePreview job={maker.job} starting={maker.starting} about={about || post.content.slice(0, 120)} />
          <VisuallyHidden role="status" aria-live="polite">
            {liveWords(maker)}
          </VisuallyHidden>

          {maker.problem && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} title={maker.problem.title} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{maker.problem.message}</Text>
                {maker.problem.next === 'reload' && (
                  <Button size="xs" variant="default" onClick={maker.reload} loading={maker.reloading}>
                    Reload the post
                  </Button>
                )}
                {maker.problem.next === 'template' && maker.choice === 'ai' && (
                  <Button size="xs" variant="default" onClick={maker.useTemplate}>
                    Choose a template
                  </Button>
                )}
              </Stack>
            </Alert>
          )}

          <Group gap="sm" justify="flex-end" wrap="wrap">
            {maker.sameChoice ? (
              <Button variant="default" onClick={maker.start} disabled={busy} leftSection={<IconRefresh size={16} aria-hidden="true" />}>
                Regenerate
              </Button>
            ) : (
              <Button
                variant={maker.canKeep ? 'default' : 'filled'}
                onClick={maker.start}
                loading={maker.making}
                disabled={busy}
                leftSection={maker.retrying ? <IconRefresh size={16} aria-hidden="true" /> : <IconPhotoPlus size={16} aria-hidden="true" />}
              >
                {maker.retrying ? 'Try again' : 'Make image'}
              </Button>
            )}
            <Button onClick={maker.keep} loading={maker.keeping} disabled={!maker.canKeep || busy} leftSection={<IconCheck size={16} aria-hidden="true" />}>
              Keep
            </Button>
          </Group>
          {capabilities.data && (
            <Text size="xs" c="dimmed" ta="right">
              {remainingWords(capabilities.data)}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Modal>
  );
}
