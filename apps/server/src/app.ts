import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { Container } from "./container.ts";
import { accountsRoutes } from "./routes/accounts.routes.ts";
import { clientIp, UNKNOWN_CLIENT } from "./routes/client-ip.ts";
import { configRoutes } from "./routes/config.routes.ts";
import {
  devMailboxNotice,
  devMailboxRoutes,
  isDevMailboxEnabled,
} from "./routes/dev-mailbox.routes.ts";
import { generationRoutes } from "./routes/generation.routes.ts";
import { healthRoutes } from "./routes/health.routes.ts";
import { filesRoutes, imagesRoutes } from "./routes/images.routes.ts";
import { originGuard } from "./routes/origin.middleware.ts";
import { paymentRoutes } from "./routes/payment.routes.ts";
import { sandboxRoutes } from "./routes/sandbox.routes.ts";
import { supportRoutes } from "./routes/support.routes.ts";
import { webAppRoutes } from "./routes/web-app.routes.ts";

const notFound = { error: "Not found" };

/** Same-origin everything; inline styles and data:/blob: images for previews; nothing external. */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Pages may keep a link to the popups they open (the Google sign-in popup), and the pages a
 * popup passes through on its way back from Google carry no opener policy at all: a policy
 * there would cut the popup off from the page that opened it, which waits for its message.
 */
const OPENER_POLICY = "same-origin-allow-popups";
const POPUP_RETURN_PATHS = ["/api/identity/callback/*", "/auth/complete"];

function apiRoutes(container: Container): Hono {
  const api = new Hono();
  api.use("*", originGuard([container.env.appOrigin, ...container.env.trustedOrigins]));
  api.route("/", healthRoutes(container));
  api.route("/", configRoutes(container));
  api.on(["GET", "POST"], "/identity/*", (c) => {
    const ip = clientIp(c, container.env.trustProxy);
    return container.identity.handle(c.req.raw, ip === UNKNOWN_CLIENT ? null : ip);
  });
  api.route("/auth", accountsRoutes(container));
  api.route("/email", supportRoutes(container));
  api.route("/payment", paymentRoutes(container));
  api.route("/fal", generationRoutes(container));
  api.route("/images", imagesRoutes(container));
  api.route("/files", filesRoutes(container));
  if (isDevMailboxEnabled(container)) {
    api.route("/dev", devMailboxRoutes(container));
    // Said once, when the server builds its app: who can read every mail it sends.
    container.logger.warn(devMailboxNotice(container.env));
  }
  api.all("*", (c) => c.json(notFound, 404));
  return api;
}

/** The whole HTTP surface: the JSON API under /api and the built web app everywhere else. */
export function createApp(container: Container): Hono {
  const app = new Hono();
  for (const path of POPUP_RETURN_PATHS) {
    app.use(path, async (c, next) => {
      await next();
      c.res.headers.delete("Cross-Origin-Opener-Policy");
    });
  }
  app.use("*", secureHeaders({ contentSecurityPolicy, crossOriginOpenerPolicy: OPENER_POLICY }));
  app.route("/api", apiRoutes(container));
  const { sandbox } = container.payments;
  if (sandbox) app.route("/sandbox", sandboxRoutes(container, sandbox));
  app.route("/", webAppRoutes(container.webDistDir));

  app.notFound((c) => c.json(notFound, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || "Bad request" }, error.status);
    }
    container.logger.error("Unhandled error", { method: c.req.method, path: c.req.path, error });
    return c.json({ error: "Internal server error" }, 500);
  });
  return app;
}
