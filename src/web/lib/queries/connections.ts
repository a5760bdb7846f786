import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionCreate, ConnectionUpdate, GrantPick, OAuthStart } from '@shared/schemas/publishing';
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

/** Which providers the operator configured, for the Connect buttons. */
export const connectOptionsQueryOptions = queryOptions({
  // Not under ['connections']: a change to a connection does not change what the server offers.
  queryKey: ['connect-options'],
  queryFn: () => parseResponse(api.connections.providers.$get()),
  staleTime: 5 * 60_000,
});

export function useConnectOptions() {
  return useQuery(connectOptionsQueryOptions);
}

/** Starts a sign-in (or a Reconnect, with `connectionId`): the answer is the provider's page to go to. */
export function useStartSignIn() {
  return useMutation({ mutationFn: (json: OAuthStart) => parseResponse(api.connections.oauth.start.$post({ json })) });
}

/** A finished sign-in's accounts, to pick from; it is read once and kept while the picker is open. */
export const grantQueryOptions = (grantId: string) =>
  queryOptions({
    // Not under ['connections']: connecting uses the sign-in up, and it must not be read again then.
    queryKey: ['oauth-grant', grantId],
    queryFn: () => parseResponse(api.connections.oauth.grants[':grantId'].$get({ param: { grantId } })),
    staleTime: Infinity,
    retry: false,
  });

export function useGrant(grantId: string | null) {
  return useQuery({ ...grantQueryOptions(grantId ?? ''), enabled: grantId !== null });
}

/** Connects the picked accounts of a sign-in; answers the connections made or renewed. */
export const usePickAccounts = () =>
  useConnectionMutation(({ grantId, pick }: { grantId: string; pick: GrantPick }) =>
    parseResponse(api.connections.oauth.grants[':grantId'].$post({ param: { grantId }, json: pick })),
  );
