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
import { storageKeysOf } from "./generations/records/record-removal.ts";
import type { StoredKeys } from "./generations/records/stored-keys.ts";
import type { SessionUser } from "./session-user.ts";

/** The prefix of the user id that accounting's rows carry once their account is deleted. */
export const TOMBSTONE_PREFIX = "deleted-";

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
  /** Lists a deleted account's bytes for removal and removes them, retried until gone. */
  storedKeys: Pick<StoredKeys, "record" | "remove">;
  /** Forgets the user's sessions held in this process's memory. */
  sessions: { forgetUser(userId: string): void };
  clock: Clock;
  logger: Logger;
}): AccountDeletionService {
  const { repository, profiles, provider, storedKeys, sessions, clock, logger } = deps;

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

  /** Deletes the account's rows; answers every storage key its files leave, listed for removal. */
  async function deleteRows(user: SessionUser): Promise<string[]> {
    let keys: string[] = [];
    try {
      await repository.delete(
        user.id,
        `${TOMBSTONE_PREFIX}${randomUUID()}`,
        new Date(clock.now()),
        (tx, storageKeys) => {
          keys = storageKeys.flatMap((storageKey) => storageKeysOf({ storageKey }));
          // No user id: the listing outlives the account, and names nobody.
          return storedKeys.record(tx, keys, { userId: null, reason: "account" });
        },
      );
      return keys;
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
      await storedKeys.remove(keys);
    },
  };
}
