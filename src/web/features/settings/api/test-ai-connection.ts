import { useMutation } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

/** Asks the server to reach its writer; a failed test is an answer ({ ok: false }), not an error. */
export function useTestAiConnection() {
  return useMutation({ mutationFn: () => parseResponse(api.settings.ai.test.$post()) });
}
