import {
  findTokenPack,
  hasLiveSubscription,
  MESSAGES,
  PAYMENT_MESSAGES,
  PLAN_CHANGE_QUOTE_MS,
  type TPaidPlanId,
  type TPaymentSessionResponse,
  type TPlanChangeQuoteResponse,
  type TSubscriptionStateResponse,
  tokenTopUpRefusal,
} from "@backdrop/shared";
import { AppError, StepFailure } from "../lib/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import type {
  BillingCustomer,
  HostedSession,
  PaymentProvider,
} from "../payments/payment-provider.ts";
import type {
  UserProfile,
  UserProfilesRepository,
} from "../repositories/user-profiles.repository.ts";
import type { SessionUser } from "./session-user.ts";

/** A request billing refuses, with the status and message the API answers. */
export class BillingError extends AppError {
  override name = "BillingError";
}

export type BillingService = {
  createSubscription(user: SessionUser, planId: TPaidPlanId): Promise<HostedSession>;
  createPortalSession(user: SessionUser): Promise<{ url: string }>;
  cancelSubscription(user: SessionUser): Promise<TSubscriptionStateResponse>;
  reactivateSubscription(user: SessionUser): Promise<TSubscriptionStateResponse>;
  planChangeQuote(user: SessionUser, planId: TPaidPlanId): Promise<TPlanChangeQuoteResponse>;
  updateSubscription(
    user: SessionUser,
    planId: TPaidPlanId,
    quotedAt?: number,
  ): Promise<TSubscriptionStateResponse>;
  /**
   * A plan change as the user asks for it (SPEC point 4): a canceling subscription is
   * reactivated first, then changed.
   */
  changePlan(
    user: SessionUser,
    planId: TPaidPlanId,
    quotedAt?: number,
  ): Promise<TSubscriptionStateResponse>;
  createTokenCheckout(
    user: SessionUser,
    tokenCount: number,
    amount: number,
  ): Promise<HostedSession>;
  getSession(user: SessionUser, sessionId: string): Promise<TPaymentSessionResponse>;
};

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());

function liveFields(profile: UserProfile) {
  return {
    subscriptionPlanId:
      profile.subscriptionPlanId as TSubscriptionStateResponse["subscriptionPlanId"],
    subscriptionStatus: profile.subscriptionStatus,
    subscriptionEndDate: iso(profile.subscriptionEndDate),
    subscriptionRenewalDate: iso(profile.subscriptionRenewalDate),
  };
}

export function createBillingService({
  provider,
  profiles,
  clock,
}: {
  provider: PaymentProvider;
  profiles: UserProfilesRepository;
  clock: Clock;
}): BillingService {
  async function profileOf(user: SessionUser): Promise<UserProfile> {
    const profile = await profiles.find(user.id);
    if (!profile) throw new BillingError(404, MESSAGES.userNotFound);
    return profile;
  }

  function customerOf(user: SessionUser, profile: UserProfile): BillingCustomer {
    return {
      userId: user.id,
      email: user.email,
      customerId: profile.stripeCustomerId,
      subscriptionId: profile.stripeSubscriptionId,
    };
  }

  /** The profile of a user whose subscription is running, with its provider id. */
  async function subscribed(user: SessionUser) {
    const profile = await profileOf(user);
    const live = hasLiveSubscription(liveFields(profile), clock.now());
    if (!live || !profile.stripeSubscriptionId) {
      throw new BillingError(409, PAYMENT_MESSAGES.noSubscription);
    }
    return { profile, customer: customerOf(user, profile) };
  }

  async function stateOf(user: SessionUser): Promise<TSubscriptionStateResponse> {
    const profile = await profileOf(user);
    return {
      ...liveFields(profile),
      numOfTokens: profile.numOfTokens,
      subscriptionTokens: profile.subscriptionTokens,
    };
  }

  const service: BillingService = {
    async createSubscription(user, planId) {
      const profile = await profileOf(user);
      if (hasLiveSubscription(liveFields(profile), clock.now())) {
        throw new BillingError(409, PAYMENT_MESSAGES.alreadySubscribed);
      }
      return provider.createSubscriptionCheckout(customerOf(user, profile), planId);
    },

    async createPortalSession(user) {
      const profile = await profileOf(user);
      if (!profile.stripeCustomerId) throw new BillingError(409, PAYMENT_MESSAGES.noSubscription);
      return provider.createPortalSession(customerOf(user, profile));
    },

    async cancelSubscription(user) {
      const { profile, customer } = await subscribed(user);
      if (profile.subscriptionStatus === "canceling") {
        throw new BillingError(409, PAYMENT_MESSAGES.alreadyCanceling);
      }
      await provider.cancelAtPeriodEnd(customer);
      return stateOf(user);
    },

    async reactivateSubscription(user) {
      const { profile, customer } = await subscribed(user);
      if (profile.subscriptionStatus !== "canceling") {
        throw new BillingError(409, PAYMENT_MESSAGES.notCanceling);
      }
      await provider.reactivate(customer);
      return stateOf(user);
    },

    async planChangeQuote(user, planId) {
      const { profile, customer } = await subscribed(user);
      if (profile.subscriptionPlanId === planId) {
        throw new BillingError(409, PAYMENT_MESSAGES.samePlan);
      }
      const quotedAt = clock.now();
      const quote = await provider.previewPlanChange(customer, planId, quotedAt);
      return {
        planId,
        paidPlanId: quote.paidPlanId,
        chargeCents: quote.chargeCents,
        tokens: quote.tokens,
        renewalDate: iso(profile.subscriptionRenewalDate ?? profile.subscriptionEndDate),
        quotedAt,
      };
    },

    async updateSubscription(user, planId, quotedAt) {
      const { profile, customer } = await subscribed(user);
      if (profile.subscriptionPlanId === planId) {
        throw new BillingError(409, PAYMENT_MESSAGES.samePlan);
      }
      // The figures the user confirmed, while their quote holds; a quote from the future or
      // one too old counts from now.
      const now = clock.now();
      const fresh =
        quotedAt !== undefined && quotedAt <= now && now - quotedAt <= PLAN_CHANGE_QUOTE_MS;
      await provider.changePlan(customer, planId, fresh ? quotedAt : now);
      return stateOf(user);
    },

    async changePlan(user, planId, quotedAt) {
      // Refused as the plain change refuses, before anything is reactivated.
      const { profile } = await subscribed(user);
      if (profile.subscriptionPlanId === planId) {
        throw new BillingError(409, PAYMENT_MESSAGES.samePlan);
      }
      if (profile.subscriptionStatus === "canceling") {
        // A failed reactivation reads as one (SPEC point 8), though the call changes plan.
        await service.reactivateSubscription(user).catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          throw new StepFailure(MESSAGES.reactivateSubscriptionFailed, { cause: error });
        });
      }
      return service.updateSubscription(user, planId, quotedAt);
    },

    async createTokenCheckout(user, tokenCount, amount) {
      const profile = await profileOf(user);
      const refusal = tokenTopUpRefusal(liveFields(profile), clock.now());
      if (refusal) throw new BillingError(403, refusal);
      const pack = findTokenPack(tokenCount);
      if (!pack) throw new BillingError(400, PAYMENT_MESSAGES.unknownTokenPack);
      if (Math.abs(amount * 100 - pack.priceCents) > 0.001) {
        throw new BillingError(400, PAYMENT_MESSAGES.amountMismatch);
      }
      return provider.createPackCheckout(customerOf(user, profile), pack);
    },

    async getSession(user, sessionId) {
      const session = await provider.getCheckoutSession(sessionId);
      // Someone else's session is answered as missing, so ids cannot be probed.
      if (!session || session.userId !== user.id) {
        throw new BillingError(404, PAYMENT_MESSAGES.sessionNotFound);
      }
      const { userId: _owner, ...answer } = session;
      return answer;
    },
  };
  return service;
}
