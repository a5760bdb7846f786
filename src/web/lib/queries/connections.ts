import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Connection,
  ConnectionCreate,
  ConnectionUpdate,
  ConnectOptions,
  GrantPick,
  OAuthGrant,
  OAuthStart,
  OAuthStarted,
} from '@shared/schemas/publishing';
import { api, parseResponse } from '../api-client';
import { ApiRequestError } from '../api-error';
import { request } from '../request';

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

/**
 * The sign-in routes (issue 26), typed by their contract in shared/schemas/publishing.ts: the same
 * paths, bodies and answers the typed client will carry, read with the same error handling.
 */
async function signInCall<Answer>(path: string, json?: unknown): Promise<Answer> {
  const response = await request(`/api/connections/${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    ...(json === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) }),
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) throw ApiRequestError.fromBody(response.status, body);
  return body as Answer;
}

/** Which providers the operator configured, for the Connect buttons. */
export const connectOptionsQueryOptions = queryOptions({
  // Not under ['connections']: a change to a connection does not change what the server offers.
  queryKey: ['connect-options'],
  queryFn: () => signInCall<ConnectOptions>('providers'),
  staleTime: 5 * 60_000,
});

export function useConnectOptions() {
  return useQuery(connectOptionsQueryOptions);
}

/** Starts a sign-in (or a Reconnect, with `connectionId`): the answer is the provider's page to go to. */
export function useStartSignIn() {
  return useMutation({ mutationFn: (start: OAuthStart) => signInCall<OAuthStarted>('oauth/start', start) });
}

/** A finished sign-in's accounts, to pick from; it is read once and kept while the picker is open. */
export const grantQueryOptions = (grantId: string) =>
  queryOptions({
    // Not under ['connections']: connecting uses the sign-in up, and it must not be read again then.
    queryKey: ['oauth-grant', grantId],
    queryFn: () => signInCall<OAuthGrant>(`oauth/grants/${encodeURIComponent(grantId)}`),
    staleTime: Infinity,
    retry: false,
  });

export function useGrant(grantId: string | null) {
  return useQuery({ ...grantQueryOptions(grantId ?? ''), enabled: grantId !== null });
}

/** Connects the picked accounts of a sign-in; answers the connections made or renewed. */
export const usePickAccounts = () =>
  useConnectionMutation(({ grantId, pick }: { grantId: string; pick: GrantPick }) =>
    signInCall<Connection[]>(`oauth/grants/${encodeURIComponent(grantId)}`, pick),
  );
