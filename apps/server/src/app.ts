import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Container } from "./container.ts";
import { accountRoutes } from "./routes/account.routes.ts";
import { accountsRoutes } from "./routes/accounts.routes.ts";
import { limitBodies } from "./routes/body-limit.middleware.ts";
import { clientIp, UNKNOWN_CLIENT } from "./routes/client-ip.ts";
import { configRoutes } from "./routes/config.routes.ts";
import {
  devMailboxNotice,
  devMailboxRoutes,
  isDevMailboxEnabled,
} from "./routes/dev-mailbox.routes.ts";
import { answerErrors } from "./routes/errors.ts";
import { generationRoutes } from "./routes/generation.routes.ts";
import { healthRoutes } from "./routes/health.routes.ts";
import { filesRoutes, imagesRoutes } from "./routes/images.routes.ts";
import { originGuard } from "./routes/origin.middleware.ts";
import { paymentRoutes } from "./routes/payment.routes.ts";
import { requestLog } from "./routes/request-log.middleware.ts";
import { sandboxRoutes } from "./routes/sandbox.routes.ts";
import { supportRoutes } from "./routes/support.routes.ts";
import { webAppRoutes } from "./routes/web-app.routes.ts";

const notFound = { error: "Not found" };

/**
 * Same-origin everything; inline styles and data:/blob: images for previews; nothing external.
 * The iPhone-photo decoder is WebAssembly run in a worker it starts from a blob: URL, both our
 * own code, hence 'wasm-unsafe-eval' (compiling WebAssembly, not eval) and blob: workers.
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  workerSrc: ["'self'", "blob:"],
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
  const { env, identity, services, logger } = container;
  const api = new Hono();
  api.use("*", originGuard([env.appOrigin, ...env.trustedOrigins]));
  api.route("/", healthRoutes(services.health));
  api.route("/", configRoutes(identity, container.jobs.engine));
  api.on(["GET", "POST"], "/identity/*", (c) => {
    const ip = clientIp(c, env.trustProxy);
    return identity.handle(c.req.raw, ip === UNKNOWN_CLIENT ? null : ip);
  });
  const { trustProxy } = env;
  api.route(
    "/auth",
    accountsRoutes({
      accounts: services.accounts,
      identity,
      authRateLimiter: container.authRateLimiter,
      trustProxy,
    }),
  );
  api.route(
    "/account",
    accountRoutes({
      identity,
      exports: services.accountExport,
      deletion: services.accountDeletion,
      confirmRateLimiter: container.authRateLimiter,
      downloads: container.downloads,
    }),
  );
  api.route(
    "/email",
    supportRoutes({
      support: services.support,
      identity,
      rateLimiter: container.rateLimiter,
      trustProxy,
    }),
  );
  api.route(
    "/payment",
    paymentRoutes({
      billing: services.billing,
      identity,
      checkoutRateLimiter: container.checkoutRateLimiter,
      stripeWebhooks: container.payments.stripeWebhooks,
    }),
  );
  const { generations } = services;
  api.route(
    "/fal",
    generationRoutes({
      generations,
      events: container.jobs.events,
      identity,
      uploadRateLimiter: container.uploadRateLimiter,
      scenePreviews: services.scenePreviews,
      previewRateLimiter: container.previewRateLimiter,
      trustProxy,
      logger,
      closing: container.closing.signal,
    }),
  );
  const { downloads } = container;
  api.route("/images", imagesRoutes({ identity, generations, downloads }));
  api.route("/files", filesRoutes({ identity, generations, downloads }));
  if (isDevMailboxEnabled(env, container.mailer)) {
    api.route("/dev", devMailboxRoutes(env, container.services.devMailbox));
    // Said once, when the server builds its app: who can read every mail it sends.
    logger.warn(devMailboxNotice(env));
  }
  api.all("*", (c) => c.json(notFound, 404));
  return api;
}

/** The whole HTTP surface: the JSON API under /api and the built web app everywhere else. */
export function createApp(container: Container): Hono {
  const app = new Hono();
  app.use("*", ...requestLog(container.logger));
  for (const path of POPUP_RETURN_PATHS) {
    app.use(path, async (c, next) => {
      await next();
      c.res.headers.delete("Cross-Origin-Opener-Policy");
    });
  }
  app.use("*", secureHeaders({ contentSecurityPolicy, crossOriginOpenerPolicy: OPENER_POLICY }));
  // Before any route reads a body, better-auth's included: each path's limit, or a 413.
  app.use("*", limitBodies());
  app.route("/api", apiRoutes(container));
  const { sandbox } = container.payments;
  if (sandbox) {
    const { identity, services, clock, env } = container;
    app.route(
      "/sandbox",
      sandboxRoutes({ sandbox, billing: services.billing, identity, clock, env }),
    );
  }
  app.route("/", webAppRoutes(container.webDistDir, { sourceMaps: container.env.serveSourceMaps }));

  app.notFound((c) => c.json(notFound, 404));
  app.onError(answerErrors(container.logger));
  return app;
}
