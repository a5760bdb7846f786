import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export interface ConnectionTest {
  ok: boolean;
  latencyMs: number;
  message: string;
}

/** Asks the server to reach its writer; a failed test is an answer ({ ok: false }), not an error. */
export function useTestAiConnection() {
  return useMutation({ mutationFn: async () => readJson<ConnectionTest>(await api.settings.ai.test.$post()) });
}
