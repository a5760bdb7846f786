import { useMutation } from '@tanstack/react-query';
import type { FeedbackInput } from '@shared/schemas/feedback';
import { api, parseResponse } from '../../../lib/api-client';

/** POST /api/feedback -> 201 { id }. */
export function useSendFeedback() {
  return useMutation({ mutationFn: (input: FeedbackInput) => parseResponse(api.feedback.$post({ json: input })) });
}
