import { type TMailboxEntry, ZMailboxEntry } from "@backdrop/shared";
import { z } from "zod";
import { ApiError, getJson } from "../../lib/api-client.ts";

export type MailboxResult = { available: false } | { available: true; mails: TMailboxEntry[] };

const ZMailbox = z.array(ZMailboxEntry);
export const LOAD_FAILED = "Could not load the mailbox.";

/** The outbox's mails, or `available: false` when the server has no dev mailbox (404). */
export async function fetchMailbox(): Promise<MailboxResult> {
  try {
    const body = await getJson("/api/dev/mailbox", LOAD_FAILED);
    const parsed = ZMailbox.safeParse(body);
    if (!parsed.success) throw new ApiError("The mailbox answered in an unexpected format.", 200);
    return { available: true, mails: parsed.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { available: false };
    throw error;
  }
}
