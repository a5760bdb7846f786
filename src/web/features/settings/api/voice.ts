import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoiceCsv, VoiceExamples, VoicePaste } from '@shared/schemas/voice';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/voice: the user's examples of the brand's voice and which of them the prompts use. */
export const voiceQueryOptions = queryOptions({ queryKey: ['voice'], queryFn: () => parseResponse(api.voice.$get()) });

export function useVoiceExamples() {
  return useQuery(voiceQueryOptions);
}

/** Every change answers with the list as it is now; the screen shows that answer. */
function useVoiceMutation<Input, Output extends VoiceExamples>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (answer) => queryClient.setQueryData(voiceQueryOptions.queryKey, answer) });
}

export const usePasteVoice = () => useVoiceMutation((input: VoicePaste) => parseResponse(api.voice.pasted.$post({ json: input })));
export const useImportVoiceCsv = () => useVoiceMutation((input: VoiceCsv) => parseResponse(api.voice.csv.$post({ json: input })));
export const useReadVoiceAccount = () => useVoiceMutation((connectionId: string) => parseResponse(api.voice.read.$post({ json: { connectionId } })));
export const useRemoveVoiceExample = () => useVoiceMutation((exampleId: string) => parseResponse(api.voice[':exampleId'].$delete({ param: { exampleId } })));
export const useRemoveAllVoice = () => useVoiceMutation((_: void) => parseResponse(api.voice.$delete()));
