import { z } from 'zod';
import type { OutboundPolicy } from '../outbound';
import { liveLink, type AttemptOutcome } from '../outcome';
import { pause } from '../pause';
import type { ChannelDelivery, SendContext } from './channel';
import { graphCall, type Backoff, type GraphAnswer, type GraphApi, type GraphErrorBody } from './meta-graph';

/**
 * Publishing through media containers, as Instagram and Threads do it (instagram-platform/content-publishing,
 * threads/posts): make a container for the post (after one per carousel item), wait until its status is
 * FINISHED, then publish it. Neither API takes an idempotency key, but a container is published at most
 * once, so it is the key: every container made is kept in the delivery's progress before it is used, a
 * retry goes on with it, and after a lost answer its status tells whether the post went out.
 */

/** Container statuses (ig-container `status_code`; the Threads container's `status`). */
export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

/** How one network speaks of containers, and the account and token a delivery goes out with. */
export interface ContainerNetwork {
  api: GraphApi;
  token: string;
  userId: string;
  policy: OutboundPolicy;
  backoff: Backoff;
  /** The edges that make, publish and list (`media`, `media_publish`; `threads`, `threads_publish`). */
  edges: { create: string; publish: string; list: string };
  /** What a status read asks for, and how its answer reads. */
  statusFields: string;
  statusOf: (json: Record<string, unknown>) => { status: string; reason?: string };
  /** Why a container is ERROR, in words with what to do. */
  errorWords: (reason: string | undefined) => string;
  /** The listed posts' text field (`caption`, `text`). */
  textField: string;
}

/** What a post is made of: carousel items (none for a single post), then the container that is published. */
export interface ContainerPlan {
  items: Record<string, string>[];
  top: Record<string, string>;
}

/**
 * Kept in the delivery across attempts: the carousel items made so far, the container to publish, and a
 * fingerprint of the text and files they were made of (a post changed since gets new containers).
 */
const progressSchema = z.object({
  items: z.array(z.string().max(100)).max(20),
  container: z.string().max(100).nullable(),
  content: z.string().max(100),
});
type Progress = z.infer<typeof progressSchema>;

/** Status reads within one attempt: at once, then after these pauses; a container still not ready waits for the next attempt. */
export const POLL_PAUSES_MS = [250, 500, 1000];
/** When the next attempt looks again at a container still being processed (Meta suggests reading its status about once a minute). */
export const NOT_READY_RETRY_MS = 30_000;
/** How far the network's clock may be behind ours when a published post is looked for by its time. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What the delivery's progress keeps: undefined when it cannot be read. */
export function progressOf(raw: string | null, content: string): Progress | undefined {
  if (raw === null) return { items: [], container: null, content };
  try {
    return progressSchema.parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** A network's words may quote our signed media links: the user sees "the media link" instead. */
function withoutLinks(outcome: AttemptOutcome): AttemptOutcome {
  return { ...outcome, detail: outcome.detail.replace(/https?:\/\/[^\s”"]{1,4000}/g, 'the media link') };
}

export function createContainerSteps(net: ContainerNetwork, context: Pick<SendContext, 'now' | 'signal'>) {
  const network = net.api.network;
  const call = <T>(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<GraphAnswer<T>> =>
    graphCall<T>(
      net.api,
      { method, path, params, token: net.token, signal: context.signal },
      { policy: net.policy, backoff: net.backoff, account: net.userId, now: context.now },
    );

  /** A container's status, or what the read came to (a read without an answer is simply tried again later). */
  async function statusOf(id: string): Promise<{ status: string; reason?: string } | { outcome: AttemptOutcome; error?: GraphErrorBody }> {
    const answer = await call<Record<string, unknown>>('GET', `/${id}`, { fields: net.statusFields });
    if (answer.ok) return net.statusOf(answer.json);
    if (answer.outcome.result === 'unknown')
      return { outcome: { result: 'retry', detail: `${network} did not answer when asked how the post's media is doing; asking again shortly.` } };
    return { outcome: withoutLinks(answer.outcome), ...(answer.error ? { error: answer.error } : {}) };
  }

  /** Makes one container; its id, or the outcome (a lost answer made nothing that can be published: trying again is safe). */
  async function create(params: Record<string, string>): Promise<string | AttemptOutcome> {
    const answer = await call<{ id?: unknown }>('POST', `/${net.userId}/${net.edges.create}`, params);
    if (answer.ok) {
      const { id } = answer.json;
      return typeof id === 'string' || typeof id === 'number'
        ? String(id)
        : { result: 'retry', detail: `${network} did not name the media container it made.` };
    }
    if (answer.lost) return { result: 'retry', detail: `${network} did not answer while preparing the post's media; nothing was published, trying again.` };
    return withoutLinks(answer.outcome);
  }

  /** Reads the containers' status until all are FINISHED, a few times within this attempt. */
  async function awaitReady(ids: string[]): Promise<'ready' | 'expired' | AttemptOutcome> {
    let pending = [...ids];
    for (let round = 0; ; round++) {
      const still: string[] = [];
      for (const id of pending) {
        const read = await statusOf(id);
        if ('outcome' in read) return read.outcome;
        if (read.status === 'ERROR') return { result: 'failed', detail: net.errorWords(read.reason) };
        if (read.status === 'EXPIRED') return 'expired';
        if (read.status === 'IN_PROGRESS') still.push(id);
      }
      pending = still;
      if (pending.length === 0) return 'ready';
      const wait = POLL_PAUSES_MS[round];
      if (wait === undefined || !(await pause(wait, context.signal)))
        return {
          result: 'retry',
          detail: `${network} is still processing the post's media; it will be published once it is ready.`,
          retryAfterMs: NOT_READY_RETRY_MS,
        };
    }
  }

  /** The published post's link: among the account's latest posts, by its id, or else by its text since it was sent. */
  async function permalinkOf(mediaId: string | undefined, text: string, sentAt: string | null): Promise<string | null> {
    const answer = await call<{ data?: Record<string, unknown>[] }>('GET', `/${net.userId}/${net.edges.list}`, {
      fields: `id,permalink,${net.textField},timestamp`,
      limit: '25',
    });
    if (!answer.ok || !Array.isArray(answer.json.data)) return null;
    const since = (sentAt ? Date.parse(sentAt) : context.now().getTime()) - CLOCK_SKEW_MS;
    const found = answer.json.data.find((item) =>
      mediaId !== undefined
        ? String(item.id) === mediaId
        : String(item[net.textField] ?? '').trim() === text.trim() &&
          typeof item.timestamp === 'string' &&
          Date.parse(item.timestamp.replace(/\+0000$/, 'Z')) >= since,
    );
    return liveLink(found?.permalink);
  }

  return { call, statusOf, create, awaitReady, permalinkOf };
}

/**
 * Publishes a delivery through containers: goes on with the containers its progress keeps (published:
 * done; finished: publish; expired: make new ones), else makes them from `plan`, waits until they are
 * ready, marks the delivery sent and publishes.
 */
export async function publishThroughContainers(
  net: ContainerNetwork,
  delivery: ChannelDelivery,
  post: { text: string; fingerprint: string },
  plan: () => Promise<ContainerPlan | AttemptOutcome>,
  context: Pick<SendContext, 'now' | 'signal'>,
): Promise<AttemptOutcome> {
  const network = net.api.network;
  const steps = createContainerSteps(net, context);
  const nothingMade: Progress = { items: [], container: null, content: post.fingerprint };
  const kept = progressOf(delivery.progress, post.fingerprint);
  if (!kept)
    return {
      result: 'unknown',
      detail: `What an earlier attempt sent to ${network} was not kept readable, so whether it was published cannot be told. Look at the account: confirm the post if it is there, or retry.`,
    };
  let progress: Progress = kept;
  const save = async (next: Progress) => {
    progress = next;
    await delivery.saveProgress(JSON.stringify(next));
  };
  const expired = async (): Promise<AttemptOutcome> => {
    await save(nothingMade);
    return { result: 'retry', detail: `${network} let the post's media expire before it was published; preparing it again.`, retryAfterMs: 0 };
  };
  const published = async (mediaId: string | undefined, detail: string): Promise<AttemptOutcome> => ({
    result: 'published',
    detail,
    liveUrl: await steps.permalinkOf(mediaId, post.text, delivery.sentAt),
  });

  if (progress.container) {
    const read = await steps.statusOf(progress.container);
    if ('outcome' in read) {
      // The container is gone or not ours any more (code 100): never published, so another is made.
      if (read.error?.code !== 100) return read.outcome;
      await save(nothingMade);
    } else if (read.status === 'PUBLISHED') return published(undefined, `It was already on ${network} from an earlier attempt whose answer was lost.`);
    else if (read.status === 'ERROR') {
      // A container in error is never published: a retry (after the cause is fixed) makes new ones.
      await save(nothingMade);
      return { result: 'failed', detail: net.errorWords(read.reason) };
    } else if (read.status === 'EXPIRED' || progress.content !== post.fingerprint) await save(nothingMade);
  } else if (progress.content !== post.fingerprint) await save(nothingMade);

  if (!progress.container) {
    const made = await plan();
    if ('result' in made) return made;
    for (const item of made.items.slice(progress.items.length)) {
      const id = await steps.create(item);
      if (typeof id !== 'string') return id;
      await save({ ...progress, items: [...progress.items, id] });
    }
    if (progress.items.length > 0) {
      const items = await steps.awaitReady(progress.items);
      if (items === 'expired') return expired();
      if (items !== 'ready') return items;
    }
    const id = await steps.create({ ...made.top, ...(progress.items.length > 0 ? { children: progress.items.join(',') } : {}) });
    if (typeof id !== 'string') return id;
    await save({ ...progress, container: id });
  }

  const container = progress.container!;
  const ready = await steps.awaitReady([container]);
  if (ready === 'expired') return expired();
  if (ready !== 'ready') return ready;

  if (!delivery.sentAt) await delivery.markSent(context.now().toISOString());
  const answer = await steps.call<{ id?: unknown }>('POST', `/${net.userId}/${net.edges.publish}`, { creation_id: container });
  if (answer.ok) {
    const { id } = answer.json;
    return published(typeof id === 'string' || typeof id === 'number' ? String(id) : undefined, `Published on ${network}.`);
  }
  // Whatever went wrong, the container tells whether it was published: it can be, once only.
  const read = await steps.statusOf(container);
  if (!('outcome' in read)) {
    if (read.status === 'PUBLISHED') return published(undefined, `Published on ${network} (its answer was lost; the media container says it was published).`);
    if (read.status === 'IN_PROGRESS')
      return {
        result: 'retry',
        detail: `${network} is still processing the post's media; it will be published once it is ready.`,
        retryAfterMs: NOT_READY_RETRY_MS,
      };
    if (read.status === 'EXPIRED') return expired();
  }
  if (answer.lost)
    return {
      result: 'retry',
      detail: `Sent to ${network}, but its answer was lost; the next attempt asks the media container whether it was published, and publishes it if not.`,
      retryAfterMs: NOT_READY_RETRY_MS,
    };
  return withoutLinks(answer.outcome);
}

/** Where an earlier attempt may have published: the kept container's status says. Undefined when nothing was published, so sending is safe. */
export async function readBackContainer(net: ContainerNetwork, delivery: ChannelDelivery, text: string, context: Pick<SendContext, 'now' | 'signal'>) {
  const progress = progressOf(delivery.progress, '');
  if (!progress?.container) return undefined;
  const steps = createContainerSteps(net, context);
  const read = await steps.statusOf(progress.container);
  if ('outcome' in read) return read.outcome;
  if (read.status === 'PUBLISHED')
    return {
      result: 'published' as const,
      detail: `It is on ${net.api.network}: its media container says it was published.`,
      liveUrl: await steps.permalinkOf(undefined, text, delivery.sentAt),
    };
  if (read.status === 'ERROR') return { result: 'failed' as const, detail: net.errorWords(read.reason) };
  return undefined;
}
