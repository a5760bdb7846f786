/**
 * Writes that arrive while one is being written wait and go together in the next: the first goes at
 * once, so nothing waits when the worker is quiet, and under load each write carries many.
 * `write` answers one result per item, in order.
 */
export function groupCommit<T, R>(write: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let queue: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const results = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
