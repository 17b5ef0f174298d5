import { randomUUID } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@backdrop/shared";
import { AppError } from "../lib/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import {
  AccountBusyError,
  type AccountDataRepository,
} from "../repositories/account-data.repository.ts";
import type { UserProfilesRepository } from "../repositories/user-profiles.repository.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { storageKeysOf } from "./generations/record-removal.ts";
import type { SessionUser } from "./session-user.ts";

/** The prefix of the user id that accounting's rows carry once their account is deleted. */
export const TOMBSTONE_PREFIX = "deleted-";

/**
 * Removes the stored bytes of a deleted account's files: each file's own key, its thumbnail,
 * kept scene and matte. Best effort: a key that cannot be removed now is logged, and the
 * account stays deleted (docs/decisions.md, "Data rights").
 */
export async function removeAccountFiles(
  storage: FileStorage,
  logger: Logger,
  userId: string,
  fileKeys: readonly string[],
): Promise<void> {
  const keys = fileKeys.flatMap((storageKey) => storageKeysOf({ storageKey }));
  // A few at a time: an account may hold thousands of keys.
  for (let start = 0; start < keys.length; start += 16) {
    const batch = keys.slice(start, start + 16);
    const results = await Promise.allSettled(batch.map((key) => storage.delete(key)));
    results.forEach((result, index) => {
      if (result.status === "rejected") {
        logger.warn("Stored file of a deleted account not removed", {
          userId,
          key: batch[index],
          error: result.reason,
        });
      }
    });
  }
}

export type AccountDeletionService = {
  /**
   * Deletes the account of a user whose identity the caller has just confirmed (password or
   * recent sign-in): the subscription ends at the provider first, then every row and file.
   */
  deleteAccount(user: SessionUser): Promise<void>;
};

export function createAccountDeletionService(deps: {
  repository: AccountDataRepository;
  profiles: UserProfilesRepository;
  provider: PaymentProvider;
  storage: FileStorage;
  /** Forgets the user's sessions held in this process's memory. */
  sessions: { forgetUser(userId: string): void };
  clock: Clock;
  logger: Logger;
}): AccountDeletionService {
  const { repository, profiles, provider, storage, sessions, clock, logger } = deps;

  async function cancelSubscription(user: SessionUser): Promise<void> {
    const profile = await profiles.find(user.id);
    if (!profile?.stripeSubscriptionId) return;
    try {
      await provider.cancelNow({
        userId: user.id,
        email: user.email,
        customerId: profile.stripeCustomerId,
        subscriptionId: profile.stripeSubscriptionId,
      });
    } catch (error) {
      // Nothing is deleted while the provider could still bill the card.
      logger.error("Subscription not canceled; the account is kept", { userId: user.id, error });
      throw new AppError(502, ACCOUNT_MESSAGES.deleteFailed);
    }
  }

  async function deleteRows(user: SessionUser): Promise<string[]> {
    try {
      return await repository.delete(
        user.id,
        `${TOMBSTONE_PREFIX}${randomUUID()}`,
        new Date(clock.now()),
      );
    } catch (error) {
      if (error instanceof AccountBusyError) {
        throw new AppError(409, ACCOUNT_MESSAGES.deleteWhileProcessing);
      }
      throw error;
    }
  }

  return {
    async deleteAccount(user) {
      // Refused before anything is canceled when a job is already known to run; the delete
      // itself checks again under the balance lock.
      await repository.checkIdle(user.id).catch((error: unknown) => {
        if (error instanceof AccountBusyError) {
          throw new AppError(409, ACCOUNT_MESSAGES.deleteWhileProcessing);
        }
        throw error;
      });
      await cancelSubscription(user);
      const keys = await deleteRows(user);
      sessions.forgetUser(user.id);
      logger.info("Account deleted", { userId: user.id, files: keys.length });
      await removeAccountFiles(storage, logger, user.id, keys);
    },
  };
}
