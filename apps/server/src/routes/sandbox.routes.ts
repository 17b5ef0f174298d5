import { isPaidPlanId, PAID_PLAN_IDS, PAYMENT_MESSAGES } from "@backdrop/shared";
import { type Context, Hono } from "hono";
import type { Env } from "../config/index.ts";
import type { Identity } from "../identity/identity.ts";
import { StepFailure } from "../lib/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import { SandboxError, type SandboxProvider } from "../payments/sandbox/sandbox.provider.ts";
import { checkoutPage, messagePage, portalPage } from "../payments/sandbox/sandbox-pages.ts";
import type { BillingService } from "../services/billing.service.ts";
import { BillingError } from "../services/billing.service.ts";
import type { SessionUser } from "../services/session-user.ts";
import { originGuard } from "./origin.middleware.ts";
import { verifiedUser } from "./session.middleware.ts";

/**
 * The sandbox provider's hosted pages (ARCHITECTURE point 4): checkout and customer portal.
 * Only the session's owner may see or act on them.
 */
export type SandboxRoutesDeps = {
  sandbox: SandboxProvider;
  billing: BillingService;
  identity: Identity;
  clock: Clock;
  env: Pick<Env, "appUrl" | "appOrigin" | "trustedOrigins">;
};

export function sandboxRoutes(deps: SandboxRoutesDeps): Hono {
  const { sandbox, billing, identity, clock, env } = deps;
  const home = `${env.appUrl}/pricing`;

  const html = (c: Context, body: string, status: 200 | 401 | 404 | 409 = 200) => {
    c.header("Cache-Control", "no-store");
    return c.html(body, status);
  };
  const notFound = (c: Context) =>
    html(
      c,
      messagePage("Not found", "This payment page does not exist or has expired.", home),
      404,
    );

  async function signedInId(c: Context): Promise<string | null> {
    return (await verifiedUser(identity, c.req.raw.headers))?.id ?? null;
  }
  const pleaseLogIn = (c: Context) =>
    html(
      c,
      messagePage("Please log in", "Log in to Backdrop to continue.", `${env.appUrl}/login`),
      401,
    );

  /** The checkout, when the signed-in user owns it. */
  async function ownCheckout(c: Context) {
    const userId = await signedInId(c);
    if (!userId) return { refusal: pleaseLogIn(c) };
    const session = await sandbox.findCheckout(c.req.param("sessionId") ?? "");
    if (!session || session.userId !== userId) return { refusal: notFound(c) };
    return { session };
  }

  async function ownPortal(c: Context) {
    const user = await verifiedUser(identity, c.req.raw.headers);
    if (!user) return { refusal: pleaseLogIn(c) };
    const portalId = c.req.param("portalId") ?? "";
    if ((await sandbox.portalOwner(portalId)) !== user.id) return { refusal: notFound(c) };
    return { user, userId: user.id, portalId };
  }

  async function showPortal(c: Context, userId: string, portalId: string, error?: string) {
    const subscription = await sandbox.subscriptionOf(userId);
    const now = clock.now();
    const customer = { userId, email: "", customerId: null, subscriptionId: null };
    const quotes = subscription
      ? await Promise.all(
          PAID_PLAN_IDS.filter((planId) => planId !== subscription.planId).map((planId) =>
            sandbox.previewPlanChange(customer, planId, now),
          ),
        )
      : [];
    const view = { portalId, subscription, quotes, backUrl: home, error };
    return html(c, portalPage(view), error ? 409 : 200);
  }

  /** Runs a portal action through the billing service, as the app's own buttons do. */
  function portalAction(
    run: (user: SessionUser, form: Record<string, unknown>) => Promise<unknown>,
  ) {
    return async (c: Context) => {
      const owner = await ownPortal(c);
      if ("refusal" in owner) return owner.refusal;
      try {
        await run(owner.user, await c.req.parseBody());
      } catch (error) {
        // A step that failed in a larger action (the reactivation before a plan change) is
        // shown as that step's own refusal would be.
        const refusal = error instanceof StepFailure ? error.cause : error;
        if (refusal instanceof BillingError || refusal instanceof SandboxError) {
          return showPortal(c, owner.userId, owner.portalId, refusal.message);
        }
        throw error;
      }
      return c.redirect(`/sandbox/portal/${encodeURIComponent(owner.portalId)}`, 303);
    };
  }

  const app = new Hono();
  app.use("*", originGuard([env.appOrigin, ...env.trustedOrigins]));
  app.get("/checkout/:sessionId", async (c) => {
    const owned = await ownCheckout(c);
    if ("refusal" in owned) return owned.refusal;
    const { session } = owned;
    if (session.status !== "open") {
      const done =
        session.status === "complete"
          ? "This checkout is already paid."
          : "This checkout was canceled.";
      return html(c, messagePage("Checkout closed", done, home));
    }
    return html(c, checkoutPage(session));
  });
  app.post("/checkout/:sessionId/pay", async (c) => {
    const owned = await ownCheckout(c);
    if ("refusal" in owned) return owned.refusal;
    try {
      await sandbox.pay(owned.session.sessionId);
    } catch (error) {
      if (error instanceof SandboxError) {
        return html(c, messagePage("Payment not possible", error.message, home), 409);
      }
      throw error;
    }
    const id = encodeURIComponent(owned.session.sessionId);
    return c.redirect(`${env.appUrl}/payment-success?session_id=${id}`, 303);
  });
  app.post("/checkout/:sessionId/cancel", async (c) => {
    const owned = await ownCheckout(c);
    if ("refusal" in owned) return owned.refusal;
    await sandbox.abandon(owned.session.sessionId);
    return c.redirect(`${env.appUrl}/payment-cancelled`, 303);
  });

  app.get("/portal/:portalId", async (c) => {
    const owner = await ownPortal(c);
    if ("refusal" in owner) return owner.refusal;
    return showPortal(c, owner.userId, owner.portalId);
  });
  app.post(
    "/portal/:portalId/cancel",
    portalAction((user) => billing.cancelSubscription(user)),
  );
  app.post(
    "/portal/:portalId/reactivate",
    portalAction((user) => billing.reactivateSubscription(user)),
  );
  app.post(
    "/portal/:portalId/change-plan",
    portalAction(async (user, form) => {
      const planId = form.planId;
      if (!isPaidPlanId(planId)) throw new SandboxError(PAYMENT_MESSAGES.unknownPlan);
      // As the pricing page's change: a canceling subscription is reactivated first.
      await billing.changePlan(user, planId);
    }),
  );
  app.post(
    "/portal/:portalId/end-period",
    portalAction((user) => sandbox.endPeriod(user.id)),
  );
  return app;
}
