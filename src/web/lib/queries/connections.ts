import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionCreate, ConnectionUpdate } from '@shared/schemas/publishing';
import { api, parseResponse } from '../api-client';

/** The user's connections (never a secret): Settings and the onboarding step show them. */
export const connectionsQueryOptions = queryOptions({
  queryKey: ['connections'],
  queryFn: () => parseResponse(api.connections.$get()),
});

export function useConnections() {
  return useQuery(connectionsQueryOptions);
}

function useConnectionMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryOptions.queryKey }) });
}

export const useAddConnection = () => useConnectionMutation((json: ConnectionCreate) => parseResponse(api.connections.$post({ json })));

export const useUpdateConnection = () =>
  useConnectionMutation(({ connectionId, json }: { connectionId: string; json: ConnectionUpdate }) =>
    parseResponse(api.connections[':connectionId'].$patch({ param: { connectionId }, json })),
  );

export const useRemoveConnection = () =>
  useConnectionMutation((connectionId: string) => parseResponse(api.connections[':connectionId'].$delete({ param: { connectionId } })));

/** Sends a signed test event; a refused test is an answer ({ ok: false, message }), not an error. */
export function useTestConnection() {
  return useMutation({
    mutationFn: (connectionId: string) => parseResponse(api.connections[':connectionId'].test.$post({ param: { connectionId } })),
  });
}
