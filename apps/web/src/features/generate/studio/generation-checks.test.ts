import { GENERATION_MESSAGES } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { testUser } from "../../../test/render-route.tsx";
import { checkGeneration, isSubscriptionExpired } from "./generation-checks.ts";

const subscriber = testUser({ stripeCustomerId: "cus_1" }).details;
const ready = {
  loggedIn: true,
  user: subscriber,
  tokenCount: 120,
  hasImage: true,
  prompt: "Sandy beach",
  cost: 8,
};

describe("checkGeneration", () => {
  it("asks for a login before anything else", () => {
    expect(checkGeneration({ ...ready, loggedIn: false, hasImage: false, prompt: "" })).toEqual({
      kind: "login",
    });
  });

  it("then needs a photo and a prompt, naming each that is missing", () => {
    expect(checkGeneration({ ...ready, hasImage: false, prompt: "  " })).toEqual({
      kind: "fields",
      image: GENERATION_MESSAGES.imageRequired,
      prompt: GENERATION_MESSAGES.promptRequired,
    });
    expect(checkGeneration({ ...ready, prompt: "" })).toMatchObject({ image: null });
  });

  it("then a payment customer, then enough tokens for this photo", () => {
    const noCustomer = { ...subscriber, stripeCustomerId: null };
    expect(checkGeneration({ ...ready, user: noCustomer, tokenCount: 0 })).toEqual({
      kind: "subscription",
    });
    expect(checkGeneration({ ...ready, tokenCount: 7 })).toEqual({
      kind: "tokens",
      message: GENERATION_MESSAGES.notEnoughTokens,
    });
    expect(checkGeneration({ ...ready, tokenCount: 8 })).toEqual({ kind: "ok" });
  });

  it("leaves the plan checks to the server while the user's details load", () => {
    expect(checkGeneration({ ...ready, user: null, tokenCount: 0 })).toEqual({ kind: "ok" });
  });
});

describe("isSubscriptionExpired", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  it("is true only once the end date has passed", () => {
    const on = (date: string | null) =>
      isSubscriptionExpired({ ...subscriber, subscriptionEndDate: date }, now);
    expect(on("2026-06-01T11:59:59Z")).toBe(true);
    expect(on("2026-06-01T12:00:01Z")).toBe(false);
    expect(on(null)).toBe(false);
    expect(isSubscriptionExpired(null, now)).toBe(false);
  });
});
