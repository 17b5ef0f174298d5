import { describe, expect, it } from "vitest";
import type { Session } from "../auth/index.ts";
import { navItems } from "./nav-items.ts";

const session = (subscriptionStatus: string | null): Session => ({
  uid: "u1",
  email: "ada@example.com",
  name: "Ada",
  tokenCount: 100,
  subscriptionStatus,
});

const labels = (s: Session | null) => navItems(s).map((item) => item.label);

describe("navItems", () => {
  it("shows Generate and Pricing to anonymous visitors", () => {
    expect(labels(null)).toEqual(["Generate", "Pricing"]);
  });

  it("adds Gallery when logged in", () => {
    expect(labels(session(null))).toEqual(["Generate", "Gallery", "Pricing"]);
  });

  it.each(["active", "canceling"])("says Subscription while the status is %s", (status) => {
    expect(labels(session(status))).toEqual(["Generate", "Gallery", "Subscription"]);
  });

  it("keeps Pricing for other statuses", () => {
    expect(labels(session("past_due"))).toContain("Pricing");
  });
});
