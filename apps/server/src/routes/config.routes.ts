import type { TPublicConfig } from "@backdrop/shared";
import { Hono } from "hono";
import type { Identity } from "../identity/identity.ts";

/** What the web app needs before anyone signs in. */
export function configRoutes(identity: Pick<Identity, "googleSignIn">): Hono {
  return new Hono().get("/config", (c) => {
    const config: TPublicConfig = { googleSignIn: identity.googleSignIn };
    return c.json(config);
  });
}
