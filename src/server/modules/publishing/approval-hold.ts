import type { Logger } from '../../platform/logger';
import type { ApprovalHoldRepository, ReleasableRow } from './approval-hold-repository';

/**
 * Tells publishing that some of a user's posts were approved (or that their month stopped requiring
 * approval): their held deliveries go now, or are marked missed when approved too late. Called after the
 * write that approved them commits; it never throws (a worker's turn releases anything it missed).
 */
export type ApprovalsChanged = (userId: string, postIds: string[]) => Promise<void>;

const UNITS = [
  [86_400_000, 'day', 'a day'],
  [3_600_000, 'hour', 'an hour'],
  [60_000, 'minute', 'a minute'],
  [1_000, 'second', 'a second'],
] as const;

/** A setting's span in words, in the largest unit that counts it exactly: "an hour", "90 minutes", "2 hours". */
export function spanWords(ms: number): string {
  const [size, name, one] = UNITS.find(([unit]) => ms % unit === 0 && ms >= unit) ?? UNITS[3];
  const count = Math.round(ms / size);
  return count === 1 ? one : `${count} ${name}s`;
}

/** How late something was, roughly: minutes under two hours, then hours under two days, then days. */
function lateWords(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 120) return minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.floor(hours / 24)} days`;
}

interface Deps {
  holds: ApprovalHoldRepository;
  /** How long after its time a post may still go out (PUBLISH_LATE_WINDOW): approved later, it is missed. */
  lateWindowMs: number;
  log: Logger;
  now?: () => Date;
}

/**
 * Publishing only approved posts: in a month with `requireApproval`, a due post that is not approved is
 * held ('awaiting_approval', logged and told), never sent and never dropped. Once its post is approved, or
 * the month's rule is turned off, it is released: sent at once while within the late window after its
 * time, else marked missed (Retry sends it).
 */
export function createApprovalHold({ holds, lateWindowMs, log, now = () => new Date() }: Deps) {
  const lateWindow = spanWords(lateWindowMs);
  const heldDetail = `Held: waiting for approval. It goes out once approved, if that is within ${lateWindow} of its time.`;

  /** Releases each row that may go at `at`; counts those sent and those missed. */
  async function release(rows: ReleasableRow[], at: Date) {
    const counts = { released: 0, missed: 0 };
    const iso = at.toISOString();
    for (const row of rows) {
      const late = at.getTime() - Date.parse(row.dueAt);
      const approved = row.requireApproval === 1;
      if (late <= lateWindowMs) {
        const detail = approved ? 'Approved: sending it now.' : 'Its month no longer requires approval: sending it now.';
        if (await holds.release(row, iso, { send: true, detail })) counts.released++;
        continue;
      }
      const what = approved ? 'it was approved' : 'approval was turned off for its month';
      const reason = `Not sent: ${what} ${lateWords(late)} after its time, too late to go out on its own (a post may go out up to ${lateWindow} late). Retry to send it now.`;
      if (await holds.release(row, iso, { send: false, reason })) counts.missed++;
    }
    return counts;
  }

  return {
    /**
     * The start of a worker turn at `at`: releases held deliveries that may go (approved, or the rule
     * off, also when the call after an approval was lost), then holds the due ones that may not.
     */
    async sweep(at: Date): Promise<{ held: number; released: number; missed: number }> {
      const counts = await release(await holds.releasable(), at);
      let held = 0;
      for (const row of await holds.dueUnapproved(at.toISOString())) {
        if (await holds.hold(row, at.toISOString(), heldDetail, lateWindow)) held++;
      }
      return { ...counts, held };
    },

    approvalsChanged: (async (userId, postIds) => {
      if (postIds.length === 0) return;
      try {
        await release(await holds.releasable({ userId, postIds }), now());
      } catch (error) {
        // The next worker turn releases them.
        log.error({ event: 'publish.release_failed', err: (error as Error).message }, 'held deliveries not released after an approval');
      }
    }) satisfies ApprovalsChanged,
  };
}

export type ApprovalHold = ReturnType<typeof createApprovalHold>;
