import {
  MESSAGES,
  SUPPORT_MESSAGES,
  type TContactRequest,
  type TReportRequest,
  ZOkResponse,
} from "@backdrop/shared";
import { postJson } from "../../lib/api-client.ts";

/** A contact message; the email is left out when the sender is logged in. */
export type ContactPayload = Omit<TContactRequest, "email"> & { email?: string };

async function send(path: string, payload: unknown, failed: string, sent: string) {
  const body = await postJson(path, payload, failed);
  const ok = ZOkResponse.safeParse(body);
  return ok.success ? ok.data.message : sent;
}

/** Resolves with the confirmation to show; rejects with an ApiError carrying the message. */
export function sendContactMessage(payload: ContactPayload): Promise<string> {
  return send("/api/email/contact", payload, MESSAGES.contactFailed, SUPPORT_MESSAGES.contactSent);
}

export function sendReport(payload: TReportRequest): Promise<string> {
  return send("/api/email/report", payload, MESSAGES.reportFailed, SUPPORT_MESSAGES.reportSent);
}
