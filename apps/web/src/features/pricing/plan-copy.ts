import type { TPaidPlanId } from "@backdrop/shared";

/** One line under each plan's name; the figures themselves come from the shared catalogue. */
export const PLAN_BLURBS: Readonly<Record<TPaidPlanId, string>> = {
  starter: "For trying new scenes for a handful of products.",
  pro: "For creators who refine their shots with AI edits.",
  elite: "For shops that publish product photos every week.",
};

/** SPEC point 5 gives only the start of this tooltip; the rest is ours. */
export const TOP_UP_TOOLTIP =
  "This feature is only available for Elite subscribers. Upgrade to Elite to buy extra tokens.";
