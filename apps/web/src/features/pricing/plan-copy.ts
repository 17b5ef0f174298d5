import type { TPaidPlanId } from "@backdrop/shared";

/** One line under each plan's name; the figures themselves come from the shared catalogue. */
export const PLAN_BLURBS: Readonly<Record<TPaidPlanId, string>> = {
  starter: "For trying new scenes for a handful of products.",
  pro: "For creators who refine their shots with AI edits.",
  elite: "For shops that publish product photos every week.",
};

/**
 * SPEC point 5 gives only the start of this tooltip; the rest is ours, and true for everyone
 * refused (no plan, a lapsed one, starter or pro): the header's tip, the packs' titles and the
 * pricing page's notice all say this one thing.
 */
export const TOP_UP_TOOLTIP =
  "This feature is only available for Elite subscribers. Subscribe to Elite to buy extra tokens.";
