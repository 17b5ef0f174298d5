import { isPaidPlanId, storageQuotaMessage } from "@backdrop/shared";
import type { Env } from "../../../config/index.ts";
import type { ImageRecordStatements } from "../../../repositories/image-records.repository.ts";
import type { UserProfilesRepository } from "../../../repositories/user-profiles.repository.ts";
import { GenerationError } from "../records/generation-access.ts";

export type UploadAllowance = ReturnType<typeof createUploadAllowance>;

/**
 * The storage quota (STORAGE_QUOTA_MB on a paid plan, FREE_STORAGE_QUOTA_MB on the free one):
 * what the user keeps stored, every kind of file counted, plus the new photo must fit in it.
 * Checked before the photo is decoded or stored. Two uploads racing each other may both pass
 * by one photo's size; the upload rate limit bounds that.
 */
export function createUploadAllowance(deps: {
  records: Pick<ImageRecordStatements, "storedBytesOf">;
  profiles: Pick<UserProfilesRepository, "find">;
  quota: Env["storageQuota"];
}) {
  const { records, profiles, quota } = deps;

  async function quotaOf(userId: string): Promise<number> {
    const profile = await profiles.find(userId);
    return isPaidPlanId(profile?.subscriptionPlanId) ? quota.paidBytes : quota.freeBytes;
  }

  return {
    quotaOf,

    /** Refuses with 413 when `bytes` more would take the user past their quota. */
    async assertRoomFor(userId: string, bytes: number): Promise<void> {
      const [limit, used] = await Promise.all([quotaOf(userId), records.storedBytesOf(userId)]);
      if (used + bytes > limit) throw new GenerationError(413, storageQuotaMessage(limit));
    },
  };
}
