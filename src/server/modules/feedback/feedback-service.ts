import type { FeedbackInput } from '@shared/schemas/feedback';
import type { FeedbackRepository } from './feedback-repository';

/** The feedback form: a message (and an optional rating) kept for the operator. */
export function createFeedbackService({ feedback, now = () => new Date() }: { feedback: FeedbackRepository; now?: () => Date }) {
  return {
    async send(userId: string, input: FeedbackInput): Promise<{ id: string }> {
      return { id: await feedback.add(userId, input, now().toISOString()) };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
