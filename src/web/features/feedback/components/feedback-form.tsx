import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useId } from 'react';
import { FEEDBACK_MESSAGE_MAX, feedbackSchema, type FeedbackInput } from '@shared/schemas/feedback';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { useSendFeedback } from '../api/send-feedback';
import { notify } from '../../../lib/notify';

const starLabel = (value: number) => (value === 0 ? 'No rating' : `${value} of 5 stars`);

/** A message (required) and an optional 1-5 rating, checked with the server's schema before sending. */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const send = useSendFeedback();
  const ratingLabelId = useId();
  const form = useForm<FeedbackInput>({
    mode: 'controlled',
    initialValues: { message: '', rating: null },
    validate: schemaResolver(feedbackSchema, { sync: true }),
  });
  const { message, rating } = form.getValues();

  const submit = form.onSubmit(
    async (values) => {
      try {
        await send.mutateAsync(feedbackSchema.parse(values));
        notify({ tone: 'success', title: 'Feedback sent', message: 'Thank you for taking the time.' });
        onSent();
      } catch (error) {
        if (error instanceof ApiRequestError && error.fields) for (const [path, text] of Object.entries(error.fields)) form.setFieldError(path, text);
        notify({ tone: 'error', title: 'Feedback not sent', message: errorMessage(error) });
      }
    },
    () => requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Send feedback">
      <Stack gap="lg">
        <Textarea
          label="Your message"
          placeholder="What works well, what gets in your way, what you wish it did..."
          withAsterisk
          aria-required="true"
          autosize
          minRows={6}
          maxRows={14}
          maxLength={FEEDBACK_MESSAGE_MAX}
          description={`${message.length.toLocaleString('en-US')} / ${FEEDBACK_MESSAGE_MAX.toLocaleString('en-US')} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('message')}
        />
        <Stack gap={6}>
          <Text component="span" id={ratingLabelId} size="sm" fw={500}>
            How would you rate the app so far? (optional)
          </Text>
          <Group gap="md" align="center">
            <Rating
              role="radiogroup"
              aria-labelledby={ratingLabelId}
              size="lg"
              allowClear
              getSymbolLabel={starLabel}
              value={rating ?? 0}
              onChange={(value) => form.setFieldValue('rating', value === 0 ? null : value)}
            />
            {rating !== null && (
              <Button variant="default" size="compact-sm" onClick={() => form.setFieldValue('rating', null)}>
                Clear rating
              </Button>
            )}
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={18} aria-hidden="true" />}>
            Send feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
