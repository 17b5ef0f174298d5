import { MESSAGES, promptNameSlug } from "@backdrop/shared";
import { AppError } from "../lib/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import type { ChunkSource } from "../lib/download-stream.ts";
import type { Logger } from "../lib/logger.ts";
import type {
  AccountData,
  AccountDataRepository,
  AccountFile,
  AccountRecord,
} from "../repositories/account-data.repository.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { type ZipMember, zipSource } from "../storage/zip-source.ts";
import { extensionOf } from "./generations/records/file-urls.ts";
import type { SessionUser } from "./session-user.ts";

/**
 * What a file is to the seller, as the studio and the gallery name their downloads: nothing
 * for the chosen result, "upscaled-2x", "ai-edit-2", "transparent" for the cut-out.
 */
function suffixOf(file: AccountFile, record: AccountRecord, editNumber: number): string {
  switch (file.kind) {
    case "original":
      return "-original";
    case "processed": {
      if (file.id === record.processedFileId) return "";
      const take = record.takeFileIds.indexOf(file.id);
      return take >= 0 ? `-take-${take + 1}` : "-earlier-result";
    }
    case "edited":
      return `-ai-edit-${editNumber}`;
    case "upscaled":
      return "-upscaled-2x";
    case "cutout":
      return "-transparent";
    case "difference":
      return "-difference-map";
  }
}

export type ExportEntry = { name: string; file: AccountFile };

/**
 * Every image of the account under `images/`, named as the gallery names its downloads:
 * `backdrop-2026-01-05-marble-counter-morning-light-upscaled-2x.png`. A name already taken
 * gets `-2`, `-3`.
 */
export function exportEntries(
  records: readonly AccountRecord[],
  files: readonly AccountFile[],
): ExportEntry[] {
  const byRecord = new Map(records.map((record) => [record.id, record]));
  const edits = new Map<string, number>();
  const taken = new Set<string>();
  const entries: ExportEntry[] = [];
  for (const file of files) {
    const record = byRecord.get(file.recordId);
    if (!record) continue;
    const editNumber = file.kind === "edited" ? (edits.get(record.id) ?? 0) + 1 : 0;
    if (file.kind === "edited") edits.set(record.id, editNumber);
    const day = new Date(record.createdAt).toISOString().slice(0, 10);
    const subject = (record.prompt && promptNameSlug(record.prompt)) || record.id.slice(0, 8);
    const base = `images/backdrop-${day}-${subject}${suffixOf(file, record, editNumber)}`;
    const extension = extensionOf(file.contentType);
    let name = `${base}.${extension}`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.${extension}`;
    taken.add(name);
    entries.push({ name, file });
  }
  return entries;
}

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());

/** account.json: the account as the database holds it, readable, without secrets. */
export function accountJson(data: AccountData, entries: ExportEntry[], exportedAt: number) {
  const names = new Map(entries.map((entry) => [entry.file.id, entry.name]));
  const { profile } = data;
  return {
    exportedAt: iso(exportedAt),
    profile: {
      id: data.user.id,
      name: profile?.name ?? data.user.name,
      email: data.user.email,
      emailVerified: data.user.emailVerified,
      signInMethods: data.providerIds.map((id) => (id === "credential" ? "email" : id)),
      createdAt: data.user.createdAt,
    },
    plan: profile && {
      planId: profile.subscriptionPlanId,
      status: profile.subscriptionStatus,
      endDate: iso(profile.subscriptionEndDate),
      renewalDate: iso(profile.subscriptionRenewalDate),
      purchasedTokens: profile.numOfTokens,
      subscriptionTokens: profile.subscriptionTokens,
      paymentCustomerId: profile.paymentCustomerId,
      subscriptionId: profile.subscriptionId,
    },
    planHistory: {
      checkouts: data.checkouts.map((row) => ({
        ...row,
        createdAt: iso(row.createdAt),
        completedAt: iso(row.completedAt),
      })),
      subscriptions: data.subscriptions.map((row) => ({
        ...row,
        periodStart: iso(row.periodStart),
        periodEnd: iso(row.periodEnd),
        createdAt: iso(row.createdAt),
      })),
      charges: data.charges.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    },
    tokenLedger: data.ledger.map((row) => ({
      at: iso(row.createdAt),
      kind: row.kind,
      purchasedTokens: row.deltaTokens,
      subscriptionTokens: row.deltaSubscriptionTokens,
      purchasedTokensAfter: row.tokensAfter,
      subscriptionTokensAfter: row.subscriptionTokensAfter,
      reference: row.reference,
    })),
    supportMessages: {
      contact: data.contactMessages.map((row) => ({ ...row, sentAt: iso(row.createdAt) })),
      reports: data.issueReports.map((row) => ({ ...row, sentAt: iso(row.createdAt) })),
    },
    images: data.records.map((record) => ({
      id: record.id,
      prompt: record.prompt,
      status: record.status,
      createdAt: iso(record.createdAt),
      files: data.files
        .filter((file) => file.recordId === record.id && names.has(file.id))
        .map((file) => ({
          file: names.get(file.id),
          kind: file.kind,
          contentType: file.contentType,
          width: file.width,
          height: file.height,
          bytes: file.byteSize,
          createdAt: iso(file.createdAt),
        })),
    })),
  };
}

export type AccountExport = { source: ChunkSource; fileName: string };

export type AccountExportService = { exportAccount(user: SessionUser): Promise<AccountExport> };

/**
 * GET /api/account/export: one ZIP of account.json and every image, streamed as the client
 * reads, a piece of one stored file at a time (storage/zip-source.ts).
 */
export function createAccountExportService(deps: {
  repository: AccountDataRepository;
  storage: FileStorage;
  clock: Clock;
  logger: Logger;
}): AccountExportService {
  const { repository, storage, clock, logger } = deps;
  return {
    async exportAccount(user) {
      const data = await repository.read(user.id);
      if (!data) throw new AppError(404, MESSAGES.userNotFound);
      const at = clock.now();
      const entries = exportEntries(data.records, data.files);
      const json = new TextEncoder().encode(
        `${JSON.stringify(accountJson(data, entries, at), null, 2)}\n`,
      );
      const day = new Date(at).toISOString().slice(0, 10);
      const members: ZipMember[] = [
        { name: "account.json", mtime: at, bytes: json },
        ...entries.map(({ name, file }) => ({
          name,
          mtime: file.createdAt,
          storageKey: file.storageKey,
          fileId: file.id,
        })),
      ];
      const source = zipSource({ storage, logger }, members);
      return { source, fileName: `backdrop-data-${day}.zip` };
    },
  };
}
