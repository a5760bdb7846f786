import type { z } from 'zod';
import type { ConnectionKind } from '@shared/schemas/publishing';
import type { AttemptOutcome } from '../outcome';
import type { Channel, ChannelContent, ChannelSetup, CheckedContent } from './channel';
import { contentFingerprint, publicUrlRefusal } from './fetched-media';
import { createBackoff } from './meta-graph';
import { publishThroughContainers, readBackContainer, type ContainerNetwork, type ContainerPlan } from './meta-containers';
import { graphCall, type GraphApi } from './meta-graph';

/**
 * A channel that publishes through media containers (Instagram, Threads): Send test reads the account,
 * sending and reading back go through its containers (meta-containers.ts). Each network gives what differs.
 */
export interface ContainerChannelSpec<C, K extends ConnectionKind> {
  kind: K;
  credentialsSchema: z.ZodType<C>;
  /** The network's name, as users read it. */
  network: string;
  /** Where an account is reached: its Graph host and version (Instagram's depends on how it was signed in). */
  host: (credentials: C) => Omit<GraphApi, 'network'>;
  /** The account's id and token. */
  account: (credentials: C) => { userId: string; token: string };
  /** How the network speaks of containers. */
  containers: Pick<ContainerNetwork, 'edges' | 'statusFields' | 'statusOf' | 'errorWords' | 'textField'>;
  /** Whether a post with this many files needs PUBLIC_URL reachable from the internet (the network fetches its media there). */
  fetchesMedia: (fileCount: number) => boolean;
  /** What the network would refuse in a post's text and files, in words with what to change; undefined when it takes them. */
  contentRefusal: (text: string, files: { mime: string; size: number }[]) => string | undefined;
  /** The containers a post is made of, or why it cannot be sent. */
  plan: (content: ChannelContent, now: () => Date) => Promise<ContainerPlan | AttemptOutcome>;
  /** What the account itself would refuse when the post is scheduled (Instagram's posts a day), asked on its network. */
  accountRefusal?: (net: ContainerNetwork, content: CheckedContent, now: () => Date) => Promise<string | undefined>;
}

export function containerChannel<C, K extends ConnectionKind>(setup: ChannelSetup, spec: ContainerChannelSpec<C, K>): Channel<C, K> {
  const backoff = createBackoff();
  const apiOf = (credentials: C): GraphApi => ({ ...spec.host(credentials), network: spec.network });
  const networkOf = (credentials: C): ContainerNetwork => {
    const { userId, token } = spec.account(credentials);
    return { api: apiOf(credentials), token, userId, policy: setup.policy, backoff, ...spec.containers };
  };
  const unreachable = async (fileCount: number) => (spec.fetchesMedia(fileCount) ? publicUrlRefusal(setup, spec.network) : undefined);

  return {
    kind: spec.kind,
    credentialsSchema: spec.credentialsSchema,

    async test(credentials, _connection, now) {
      const { userId, token } = spec.account(credentials);
      const answer = await graphCall<{ username?: unknown }>(
        apiOf(credentials),
        { method: 'GET', path: `/${userId}`, params: { fields: 'username' }, token },
        { policy: setup.policy, backoff, account: userId, now },
      );
      if (!answer.ok)
        return { ok: false, message: answer.outcome.detail, connectionLost: answer.outcome.result === 'failed' && answer.outcome.connectionLost === true };
      const { username } = answer.json;
      return { ok: true, message: typeof username === 'string' ? `Connected as @${username.slice(0, 100)}.` : 'Connected.' };
    },

    async send(credentials, delivery, content, { now, signal }) {
      const refusal = await unreachable(content.uploads.length);
      if (refusal) return { result: 'failed', detail: refusal };
      return publishThroughContainers(
        networkOf(credentials),
        delivery,
        { text: content.text, fingerprint: contentFingerprint(content) },
        () => spec.plan(content, now),
        { now, signal },
      );
    },

    readBack: (credentials, delivery, { text }, { now, signal }) => readBackContainer(networkOf(credentials), delivery, text, { now, signal }),

    async check(credentials, content, now) {
      const files = await content.files();
      const refusal = spec.contentRefusal(content.text, files) ?? (await unreachable(files.length));
      if (refusal) return refusal;
      return spec.accountRefusal?.(networkOf(credentials), content, now);
    },
  };
}
