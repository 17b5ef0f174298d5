import {
  firstIssueMessage,
  SUPPORT_MESSAGES,
  ZContactRequest,
  ZReportRequest,
} from "@backdrop/shared";
import { Hono } from "hono";
import type { Identity } from "../identity/identity.ts";
import { AppError } from "../lib/app-error.ts";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import type { SupportService } from "../services/support.service.ts";
import { clientIp } from "./client-ip.ts";
import { parseJson, readJsonObject } from "./json-body.ts";
import { rateLimit } from "./rate-limit.middleware.ts";
import { verifiedUser } from "./session.middleware.ts";

export type SupportRoutesDeps = {
  support: SupportService;
  identity: Identity;
  rateLimiter: RateLimiter;
  trustProxy: number;
};

export function supportRoutes({
  support,
  identity,
  rateLimiter,
  trustProxy,
}: SupportRoutesDeps): Hono {
  const limitRate = (bucket: string) => rateLimit({ limiter: rateLimiter, bucket, trustProxy });

  return new Hono()
    .post("/contact", limitRate("contact"), async (c) => {
      // A signed-in user's form has no email field: the address is the account's own.
      const user = await verifiedUser(identity, c.req.raw.headers);
      const body = await readJsonObject(c);
      const parsed = ZContactRequest.safeParse(user ? { ...body, email: user.email } : body);
      if (!parsed.success) throw new AppError(400, firstIssueMessage(parsed.error));
      await support.sendContactMessage(parsed.data, {
        clientIp: clientIp(c, trustProxy),
        userId: user?.id ?? null,
      });
      return c.json({ ok: true, message: SUPPORT_MESSAGES.contactSent });
    })
    .post("/report", limitRate("report"), async (c) => {
      const report = await parseJson(c, ZReportRequest);
      await support.sendIssueReport(report, { clientIp: clientIp(c, trustProxy) });
      return c.json({ ok: true, message: SUPPORT_MESSAGES.reportSent });
    });
}
