import {
  firstIssueMessage,
  SUPPORT_MESSAGES,
  ZContactRequest,
  ZReportRequest,
} from "@backdrop/shared";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Container } from "../container.ts";
import { SupportDeliveryError } from "../services/support.service.ts";
import { clientIp } from "./client-ip.ts";
import { readJsonObject } from "./json-body.ts";
import { rateLimit } from "./rate-limit.middleware.ts";
import { verifiedUser } from "./session.middleware.ts";

export const SUPPORT_BODY_LIMIT = 64 * 1024;

export function supportRoutes({ env, identity, rateLimiter, services }: Container): Hono {
  const limitBody = bodyLimit({
    maxSize: SUPPORT_BODY_LIMIT,
    onError: (c) => c.json({ error: "Request body is too large" }, 413),
  });
  const limitRate = (bucket: string) =>
    rateLimit({ limiter: rateLimiter, bucket, trustProxy: env.trustProxy });

  return new Hono()
    .post("/contact", limitBody, limitRate("contact"), async (c) => {
      // A signed-in user's form has no email field: the address is the account's own.
      const user = await verifiedUser(identity, c.req.raw.headers);
      const body = await readJsonObject(c);
      const parsed = ZContactRequest.safeParse(user ? { ...body, email: user.email } : body);
      if (!parsed.success) return c.json({ error: firstIssueMessage(parsed.error) }, 400);
      try {
        await services.support.sendContactMessage(parsed.data, {
          clientIp: clientIp(c, env.trustProxy),
          userId: user?.id ?? null,
        });
      } catch (error) {
        if (error instanceof SupportDeliveryError) return c.json({ error: error.message }, 502);
        throw error;
      }
      return c.json({ ok: true, message: SUPPORT_MESSAGES.contactSent });
    })
    .post("/report", limitBody, limitRate("report"), async (c) => {
      const parsed = ZReportRequest.safeParse(await readJsonObject(c));
      if (!parsed.success) return c.json({ error: firstIssueMessage(parsed.error) }, 400);
      try {
        await services.support.sendIssueReport(parsed.data, {
          clientIp: clientIp(c, env.trustProxy),
        });
      } catch (error) {
        if (error instanceof SupportDeliveryError) return c.json({ error: error.message }, 502);
        throw error;
      }
      return c.json({ ok: true, message: SUPPORT_MESSAGES.reportSent });
    });
}
