import {
  AUTH_MESSAGES,
  displayNameFor,
  PLAN_IDS,
  type TCurrentUser,
  type TPlanId,
  type TSaveUserAnswer,
  type TSaveUserRequest,
  type TUserProvider,
  type TUserTokens,
} from "@backdrop/shared";
import { AppError } from "../lib/app-error.ts";
import type { Clock } from "../lib/clock.ts";
import type { IdentityRepository } from "../repositories/identity.repository.ts";
import type {
  UserProfile,
  UserProfilesRepository,
} from "../repositories/user-profiles.repository.ts";
import type { SessionUser } from "./session-user.ts";

/** The request names a sign-in method the user does not have. */
export class AccountForbiddenError extends AppError {
  override name = "AccountForbiddenError";
  /** The reason, for logs; the user is only told the request is not allowed. */
  constructor(readonly detail: string) {
    super(403, AUTH_MESSAGES.forbidden);
  }
}

export type AccountsService = {
  /** Gives a user a profile once better-auth has linked a sign-in method (`providerId`). */
  ensureProfile(userId: string, providerId: string): Promise<void>;
  getCurrentUser(user: SessionUser): Promise<TCurrentUser>;
  getTokens(user: SessionUser): Promise<TUserTokens>;
  /** The client's last step of every sign-in: saves the name and stamps the sign-in. */
  saveUser(user: SessionUser, input: TSaveUserRequest): Promise<TSaveUserAnswer>;
  /** How the account with this e-mail signs in, or null when there is none. */
  providerForEmail(email: string): Promise<TUserProvider | null>;
};

export type AccountsServiceDeps = {
  profiles: UserProfilesRepository;
  identity: IdentityRepository;
  clock: Clock;
};

/** better-auth's provider ids, in our two words; a password wins over Google. */
function providerOf(providerIds: readonly string[]): TUserProvider | null {
  if (providerIds.includes("credential")) return "email";
  if (providerIds.includes("google")) return "google";
  return null;
}

function planOf(value: string): TPlanId {
  return (PLAN_IDS as readonly string[]).includes(value) ? (value as TPlanId) : "free";
}

function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

function toCurrentUser(user: SessionUser, profile: UserProfile): TCurrentUser {
  return {
    uid: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: profile.name,
    provider: profile.provider,
    numOfTokens: profile.numOfTokens,
    subscriptionTokens: profile.subscriptionTokens,
    subscriptionPlanId: planOf(profile.subscriptionPlanId),
    subscriptionStatus: profile.subscriptionStatus,
    subscriptionEndDate: isoOrNull(profile.subscriptionEndDate),
    subscriptionRenewalDate: isoOrNull(profile.subscriptionRenewalDate),
    stripeCustomerId: profile.stripeCustomerId,
    stripeSubscriptionId: profile.stripeSubscriptionId,
  };
}

export function createAccountsService({
  profiles,
  identity,
  clock,
}: AccountsServiceDeps): AccountsService {
  async function createProfile(userId: string, provider: TUserProvider): Promise<void> {
    const user = await identity.findUserById(userId);
    if (!user) return;
    await profiles.insertIfMissing({
      userId,
      name: displayNameFor(user.name, user.email),
      provider,
      now: clock.now(),
    });
  }

  /** Profiles are made at sign-up; this covers a user whose profile write was lost. */
  async function profileOf(user: SessionUser): Promise<UserProfile> {
    const existing = await profiles.find(user.id);
    if (existing) return existing;
    const provider = providerOf(await identity.listProviderIds(user.id)) ?? "email";
    await createProfile(user.id, provider);
    const created = await profiles.find(user.id);
    if (!created) throw new Error(`No profile could be created for user ${user.id}`);
    return created;
  }

  return {
    async ensureProfile(userId, providerId) {
      const provider = providerOf([providerId]);
      if (provider) await createProfile(userId, provider);
    },

    async getCurrentUser(user) {
      return toCurrentUser(user, await profileOf(user));
    },

    async getTokens(user) {
      const { numOfTokens, subscriptionTokens } = await profileOf(user);
      return { numOfTokens, subscriptionTokens };
    },

    async saveUser(user, input) {
      const providerIds = await identity.listProviderIds(user.id);
      const linked = providerIds.map((id) => providerOf([id]));
      if (!linked.includes(input.provider)) {
        throw new AccountForbiddenError(`User ${user.id} does not sign in with ${input.provider}`);
      }
      const before = await profiles.find(user.id);
      await profiles.upsertIdentity({
        userId: user.id,
        name: displayNameFor(input.name, user.email),
        provider: input.provider,
        now: clock.now(),
      });
      const firstSignIn = (before?.lastSignInAt ?? null) === null;
      return { ...toCurrentUser(user, await profileOf(user)), firstSignIn };
    },

    async providerForEmail(email) {
      const userId = await identity.findUserIdByEmail(email);
      if (!userId) return null;
      return providerOf(await identity.listProviderIds(userId));
    },
  };
}
