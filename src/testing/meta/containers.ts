import type { MetaState } from './meta-state';

/**
 * Media containers, the first step of Instagram and Threads publishing. Status codes as the IG Container
 * reference lists them (instagram-graph-api/reference/ig-container: EXPIRED when not published within 24
 * hours, ERROR, FINISHED, IN_PROGRESS, PUBLISHED) and the Threads container `status` (threads/troubleshooting).
 */
export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface Container {
  id: string;
  network: 'instagram' | 'threads';
  accountId: string;
  mediaType: string;
  text: string;
  /** `alt`: an image's alt text (`alt_text`), when one was sent. */
  media?: { kind: 'image' | 'video'; url: string; alt?: string };
  isCarouselItem: boolean;
  children: string[];
  createdAt: number;
  /** Status reads so far. */
  polls: number;
  /** A video is fetched after the container is made: it stays IN_PROGRESS until the fetch settles. */
  fetching: boolean;
  /** Why it is ERROR: an error subcode (Instagram `status`) or a Threads `error_message`. */
  failure?: string;
  publishedId?: string;
}

/** When a container is ready: after `polls` status reads answered IN_PROGRESS and `ms` on the clock. */
export interface Readiness {
  polls: number;
  ms: number;
}

const EXPIRY_MS = 24 * 3600_000;

export function createContainers(state: MetaState, initial: Readiness) {
  const containers = new Map<string, Container>();
  let readiness = initial;
  let next = 0;

  const statusOf = (container: Container): ContainerStatus => {
    if (container.publishedId) return 'PUBLISHED';
    if (container.failure !== undefined) return 'ERROR';
    const age = state.now().getTime() - container.createdAt;
    if (age >= EXPIRY_MS) return 'EXPIRED';
    const children = container.children.map((id) => containers.get(id)!);
    if (children.some((child) => statusOf(child) === 'ERROR')) return 'ERROR';
    if (children.some((child) => statusOf(child) !== 'FINISHED') || container.fetching) return 'IN_PROGRESS';
    return container.polls < readiness.polls || age < readiness.ms ? 'IN_PROGRESS' : 'FINISHED';
  };

  return {
    containers,
    create(fields: Omit<Container, 'id' | 'createdAt' | 'polls' | 'fetching'>): Container {
      const prefix = fields.network === 'instagram' ? '1790000000000' : '1800000000000';
      const container = { ...fields, id: `${prefix}${String(++next).padStart(4, '0')}`, createdAt: state.now().getTime(), polls: 0, fetching: false };
      containers.set(container.id, container);
      return container;
    },
    /** A status read: answers the status, then counts the read. */
    poll(container: Container): ContainerStatus {
      const status = statusOf(container);
      container.polls += 1;
      return status;
    },
    statusOf,
    setReadiness: (next: Partial<Readiness>) => (readiness = { ...readiness, ...next }),
  };
}

export type Containers = ReturnType<typeof createContainers>;
