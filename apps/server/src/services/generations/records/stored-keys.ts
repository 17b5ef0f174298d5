import type { Clock } from "../../../lib/clock.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { PendingDeletionStatements } from "../../../repositories/pending-deletions.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";

/** The first retry of a key storage would not remove; each later one waits twice as long. */
export const DEFAULT_REMOVAL_RETRY_MS = 60_000;
/** The longest wait between two attempts at one key. */
export const MAX_REMOVAL_RETRY_MS = 60 * 60_000;

/** Keys removed at the same time. */
const REMOVALS_AT_ONCE = 8;

/** Whose keys they are, and why they go ("record", "thumbnail", "discarded", "account"…). */
export type KeysOwner = { userId: string | null; reason: string };

export type StoredKeys = ReturnType<typeof createStoredKeys>;

/**
 * Removing stored bytes so that nothing is forgotten (issue 26, point 5): the keys are listed
 * in `pending_deletions` in the same transaction as the rows that named them go, then removed
 * one by one, each listed key dropped once storage confirms it gone. A key storage refuses (S3
 * down, a disk error) stays listed; the sweep tries it again later and later until it goes.
 *
 * Deleting anything with stored bytes (a record, a whole account) is then: in the transaction,
 * `record(tx, keys, owner)`; after the commit, `remove(keys)`.
 */
export function createStoredKeys(deps: {
  repository: Pick<GenerationsRepository, "pendingDeletions">;
  storage: FileStorage;
  clock: Clock;
  logger: Logger;
  /** Instead of DEFAULT_REMOVAL_RETRY_MS (tests). */
  retryMs?: number;
}) {
  const { repository, storage, clock, logger } = deps;
  const retryMs = deps.retryMs ?? DEFAULT_REMOVAL_RETRY_MS;
  const pending = repository.pendingDeletions;

  /** How long after its `attempts`-th attempt a key is tried again. */
  const backoff = (attempts: number) =>
    Math.min(MAX_REMOVAL_RETRY_MS, retryMs * 2 ** Math.min(Math.max(attempts - 1, 0), 20));

  /** Removes one listed key; true once storage confirmed it gone and its listing is dropped. */
  async function removeOne(key: string, context: Record<string, unknown>): Promise<boolean> {
    try {
      await storage.delete(key);
    } catch (error) {
      logger.warn("Stored file not removed yet; the sweep will retry", { key, ...context, error });
      return false;
    }
    await pending.done(key);
    return true;
  }

  /**
   * Lists the keys for removal, inside the caller's transaction (`tx`: its statements), so
   * they are listed if and only if the rows naming them are gone. The sweep leaves them to
   * `remove` for a while; after that it takes them itself (a process that stopped between
   * the commit and the removal).
   */
  async function record(
    tx: { pendingDeletions: PendingDeletionStatements },
    keys: string[],
    owner: KeysOwner,
  ): Promise<void> {
    if (keys.length === 0) return;
    const now = clock.now();
    await tx.pendingDeletions.add(keys, owner, now, now + retryMs);
  }

  /**
   * Removes listed keys now, after the commit. Never rejects: a key storage refused stays
   * listed for the sweep, and its removal is then no longer the caller's concern.
   */
  async function remove(keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    // A few at a time: a whole account's files must not open thousands of requests at once.
    for (let start = 0; start < unique.length; start += REMOVALS_AT_ONCE) {
      const batch = unique.slice(start, start + REMOVALS_AT_ONCE);
      await Promise.all(
        batch.map((key) =>
          removeOne(key, {}).catch((error: unknown) => {
            logger.warn("Removed file not struck off its list; the sweep will", { key, error });
            return false;
          }),
        ),
      );
    }
  }

  return {
    record,
    remove,

    /**
     * Removes bytes no row names (written after their record was deleted): listed first, so a
     * key storage refuses is still retried. Never rejects.
     */
    async discard(keys: string[], owner: KeysOwner): Promise<void> {
      try {
        await record(repository, keys, owner);
      } catch (error) {
        logger.warn("Stored files to discard not listed", { keys, error });
      }
      await remove(keys);
    },

    /**
     * One pass of the sweep: every listed key due for another attempt is tried once, the next
     * attempt put off first (so two sweeping processes never try one key at once). Answers
     * how many keys went.
     */
    async sweep(limit = 100): Promise<number> {
      const now = clock.now();
      let removed = 0;
      for (const due of await pending.due(now, limit)) {
        const next = now + backoff(due.attempts + 1);
        if (!(await pending.claim(due.key, due.nextAttemptAt, next))) continue;
        const context = { reason: due.reason, attempts: due.attempts + 1 };
        if (await removeOne(due.key, context)) removed += 1;
      }
      return removed;
    },
  };
}
