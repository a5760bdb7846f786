import { z } from 'zod';

export const FEEDBACK_MESSAGE_MAX = 2000;

export const feedbackSchema = z.object({
  message: z.string().trim().min(1, 'Write a message first.').max(FEEDBACK_MESSAGE_MAX, `Keep it under ${FEEDBACK_MESSAGE_MAX} characters.`),
  rating: z.number().int().min(1).max(5).nullable().default(null),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;
