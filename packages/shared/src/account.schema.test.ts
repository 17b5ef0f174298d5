import { describe, expect, it } from "vitest";
import {
  ZCurrentUser,
  ZPublicConfig,
  ZSaveUserRequest,
  ZUserProviderResponse,
  ZUserTokens,
} from "./account.schema.ts";
import { displayNameFor } from "./account.ts";
import { MESSAGES } from "./messages.ts";
import { firstIssueMessage } from "./support.schema.ts";

const user = {
  uid: "u1",
  email: "ada@example.com",
  emailVerified: true,
  name: "Ada",
  provider: "email",
  numOfTokens: 0,
  subscriptionTokens: 0,
  subscriptionPlanId: "free",
  subscriptionStatus: null,
  subscriptionEndDate: null,
  subscriptionRenewalDate: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
};

function saveUserError(input: unknown) {
  const result = ZSaveUserRequest.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

describe("current user", () => {
  it("accepts a new free user and a subscribed one", () => {
    expect(ZCurrentUser.parse(user)).toEqual(user);
    const subscribed = {
      ...user,
      numOfTokens: 250,
      subscriptionTokens: 160,
      subscriptionPlanId: "pro",
      subscriptionStatus: "active",
      subscriptionEndDate: "2026-02-01T00:00:00.000Z",
      subscriptionRenewalDate: "2026-02-01T00:00:00.000Z",
      stripeCustomerId: "cus_1",
      stripeSubscriptionId: "sub_1",
    };
    expect(ZCurrentUser.parse(subscribed)).toEqual(subscribed);
  });

  it.each([
    ["an unknown plan", { subscriptionPlanId: "platinum" }],
    ["a negative balance", { numOfTokens: -1 }],
    ["a fractional balance", { subscriptionTokens: 1.5 }],
    ["a date that is not ISO", { subscriptionEndDate: "1 Feb 2026" }],
    ["an unknown provider", { provider: "github" }],
  ])("refuses %s", (_case, change) => {
    expect(ZCurrentUser.safeParse({ ...user, ...change }).success).toBe(false);
  });

  it("picks the two balances for the tokens answer", () => {
    expect(ZUserTokens.parse(user)).toEqual({ numOfTokens: 0, subscriptionTokens: 0 });
  });
});

describe("save-user request", () => {
  const body = { uid: "u1", email: "ada@example.com", name: " Ada ", provider: "google" };

  it("accepts the spec's payload and trims it", () => {
    expect(ZSaveUserRequest.parse(body)).toEqual({ ...body, name: "Ada" });
  });

  it("treats a missing name as empty", () => {
    expect(ZSaveUserRequest.parse({ ...body, name: undefined }).name).toBe("");
  });

  it.each([
    ["uid", { uid: " " }, MESSAGES.allFieldsRequired],
    ["email", { email: undefined }, MESSAGES.allFieldsRequired],
    ["email", { email: "ada@example" }, MESSAGES.invalidEmail],
    ["name", { name: "n".repeat(101) }, "Name must be at most 100 characters"],
  ])("checks %s", (_field, change, message) => {
    expect(saveUserError({ ...body, ...change })).toBe(message);
  });

  it("accepts only the two providers", () => {
    expect(saveUserError({ ...body, provider: "email" })).toBeNull();
    expect(saveUserError({ ...body, provider: "github" })).not.toBeNull();
  });
});

describe("other answers", () => {
  it("describe the provider lookup and the public config", () => {
    expect(ZUserProviderResponse.parse({ provider: "email" })).toEqual({ provider: "email" });
    expect(ZUserProviderResponse.safeParse({ error: "User not found" }).success).toBe(false);
    // A server from before the queue note and the relight option still parses: neither.
    expect(ZPublicConfig.parse({ googleSignIn: false })).toEqual({
      googleSignIn: false,
      queueNote: null,
      relightOption: false,
    });
    expect(
      ZPublicConfig.parse({ googleSignIn: true, queueNote: "Finer edges", relightOption: true }),
    ).toEqual({ googleSignIn: true, queueNote: "Finer edges", relightOption: true });
  });
});

describe("displayNameFor", () => {
  it("prefers the display name, trimmed", () => {
    expect(displayNameFor("  Ada Lovelace ", "ada@example.com")).toBe("Ada Lovelace");
  });

  it.each([null, undefined, "", "   "])("falls back to the e-mail's local part for %j", (name) => {
    expect(displayNameFor(name, "grace.hopper@example.com")).toBe("grace.hopper");
  });

  it("cuts a very long name", () => {
    expect(displayNameFor("n".repeat(150), "a@b.co")).toHaveLength(100);
  });
});
