import { randomUUID } from "node:crypto";
import { MESSAGES, type TContactRequest, type TReportRequest } from "@backdrop/shared";
import { AppError } from "../lib/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import type { MailStatus } from "../repositories/schema.ts";
import type { SupportRepository } from "../repositories/support.repository.ts";
import { contactMail, reportMail } from "./support-mail.ts";

export type SupportKind = "contact" | "report";

/** The message was stored but could not be mailed to the support team. */
export class SupportDeliveryError extends AppError {
  override name = "SupportDeliveryError";
  constructor(readonly kind: SupportKind) {
    super(502, kind === "contact" ? MESSAGES.contactFailed : MESSAGES.reportFailed);
  }
}

export type SupportRequestContext = { clientIp: string; userId?: string | null };

export type SupportService = {
  sendContactMessage(input: TContactRequest, context: SupportRequestContext): Promise<string>;
  sendIssueReport(input: TReportRequest, context: SupportRequestContext): Promise<string>;
};

export type SupportServiceDeps = {
  repository: SupportRepository;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  supportEmail: string;
};

export function createSupportService({
  repository,
  mailer,
  clock,
  logger,
  supportEmail,
}: SupportServiceDeps): SupportService {
  /**
   * The row is written before the mail goes out, so nothing the user typed is lost when
   * delivery fails; its mail_status records the outcome.
   */
  async function deliver(
    kind: SupportKind,
    id: string,
    mail: MailMessage,
    setStatus: (id: string, status: MailStatus) => Promise<void>,
  ): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (error) {
      logger.error(`Support ${kind} mail could not be delivered`, { id, error });
      await setStatus(id, "failed").catch((statusError: unknown) =>
        logger.error(`Support ${kind} could not be marked failed`, { id, error: statusError }),
      );
      throw new SupportDeliveryError(kind);
    }
    // The mail is out; a failure to record that must not make the user send it again.
    await setStatus(id, "sent").catch((statusError: unknown) =>
      logger.error(`Support ${kind} could not be marked sent`, { id, error: statusError }),
    );
  }

  /** What every stored request records besides the form: its id, sender, time and mail state. */
  function receipt(context: SupportRequestContext) {
    return {
      id: randomUUID(),
      userId: context.userId ?? null,
      clientIp: context.clientIp,
      mailStatus: "pending" as const,
      createdAt: clock.now(),
    };
  }

  return {
    async sendContactMessage(input, context) {
      const message = { ...input, ...receipt(context) };
      await repository.insertContactMessage(message);
      await deliver("contact", message.id, contactMail(message, supportEmail), (id, status) =>
        repository.setContactMailStatus(id, status),
      );
      return message.id;
    },

    async sendIssueReport(input, context) {
      const report = {
        issueType: input.issueType,
        description: input.description,
        attachmentLink: input.attachmentLink ?? null,
        email: input.email ?? null,
        ...receipt(context),
      };
      await repository.insertIssueReport(report);
      await deliver("report", report.id, reportMail(report, supportEmail), (id, status) =>
        repository.setIssueReportMailStatus(id, status),
      );
      return report.id;
    },
  };
}
