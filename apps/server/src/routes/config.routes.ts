import type { TPublicConfig } from "@backdrop/shared";
import { Hono } from "hono";
import type { Identity } from "../identity/identity.ts";

/** What the web app needs before anyone signs in; `engine` says what its queue does better. */
export function configRoutes(
  identity: Pick<Identity, "googleSignIn">,
  engine: { queueNote?: string | undefined },
): Hono {
  return new Hono().get("/config", (c) => {
    const config: TPublicConfig = {
      googleSignIn: identity.googleSignIn,
      queueNote: engine.queueNote ?? null,
    };
    return c.json(config);
  });
}
