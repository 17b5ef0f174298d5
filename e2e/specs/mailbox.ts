import { type APIRequestContext, expect } from "@playwright/test";

export type Mail = { to: string; subject: string; text: string; links: string[] };

/**
 * Waits until the dev mailbox holds a mail whose subject contains `subject` (sent to `to`,
 * when given), and answers the newest such mail.
 */
export async function findMail(
  request: APIRequestContext,
  subject: string,
  to?: string,
): Promise<Mail> {
  return (await findMails(request, subject, to, 1))[0] as Mail;
}

/** Generous: a generation running in another test keeps the server's cores busy. */
const MAIL_WAIT = { timeout: 20_000 };

/** Waits for at least `count` matching mails; the newest come first. */
export async function findMails(
  request: APIRequestContext,
  subject: string,
  to: string | undefined,
  count: number,
): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect
    .poll(async () => {
      const response = await request.get("/api/dev/mailbox");
      const mails = (await response.json()) as Mail[];
      found = mails.filter(
        (mail) => mail.subject.includes(subject) && (to === undefined || mail.to === to),
      );
      return found.length;
    }, MAIL_WAIT)
    .toBeGreaterThanOrEqual(count);
  return found;
}
