import { type APIRequestContext, expect } from "@playwright/test";

export type Mail = { to: string; subject: string; text: string; links: string[] };

/** Waits until the dev mailbox holds a mail whose subject contains `subject`. */
export async function findMail(request: APIRequestContext, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get("/api/dev/mailbox");
      const mails = (await response.json()) as Mail[];
      found = mails.find((mail) => mail.subject.includes(subject));
      return Boolean(found);
    })
    .toBe(true);
  return found as Mail;
}
