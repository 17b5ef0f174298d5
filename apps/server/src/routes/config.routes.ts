import type { TPublicConfig } from "@backdrop/shared";
import { Hono } from "hono";
import type { Container } from "../container.ts";

/** What the web app needs before anyone signs in. */
export function configRoutes({ identity }: Container): Hono {
  return new Hono().get("/config", (c) => {
    const config: TPublicConfig = { googleSignIn: identity.googleSignIn };
    return c.json(config);
  });
}
