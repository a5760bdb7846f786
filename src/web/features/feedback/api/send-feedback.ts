import { useMutation } from '@tanstack/react-query';
import type { FeedbackInput } from '../../../../shared/schemas/feedback';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export async function sendFeedback(input: FeedbackInput): Promise<{ id: string }> {
  return readJson<{ id: string }>(await api.feedback.$post({ json: input }));
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
