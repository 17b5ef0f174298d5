import { Hono } from "hono";
import type { Container } from "../container.ts";

export function healthRoutes({ services }: Container): Hono {
  return new Hono().get("/health", async (c) => {
    const report = await services.health.check();
    if (report.ok) return c.json({ status: "ok" });
    return c.json({ status: "error", error: `Database unavailable: ${report.reason}` }, 503);
  });
}
