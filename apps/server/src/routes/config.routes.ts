import type { TPublicConfig } from "@backdrop/shared";
import { Hono } from "hono";
import type { Identity } from "../identity/identity.ts";

/** What the web app needs before anyone signs in; `engine` says what its queue does better. */
export function configRoutes(
  identity: Pick<Identity, "googleSignIn">,
  engine: { id: string; queueNote?: string | undefined },
): Hono {
  return new Hono().get("/config", (c) => {
    const config: TPublicConfig = {
      googleSignIn: identity.googleSignIn,
      queueNote: engine.queueNote ?? null,
      // Only a generative model redraws the product; the offline engine never does.
      relightOption: engine.id === "fal",
    };
    return c.json(config);
  });
}
