import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { cx } from "../../../lib/cx.ts";
import { notifyError } from "../../../lib/notify.ts";
import { TopUpTooltip, useTopUpRefusal } from "../../pricing/index.ts";

/** Top Up leads to the token packs on the pricing page. */
export const TOP_UP_PATH = "/pricing#top-up";

type TopUpButtonProps = { layout: "bar" | "sheet"; onNavigate?: () => void };

/**
 * Elite subscribers go to the packs; everyone else gets a disabled button with the elite-only
 * tooltip, and the spec's reason when they press it anyway (SPEC point 5).
 */
export function TopUpButton({ layout, onNavigate }: TopUpButtonProps) {
  const refusal = useTopUpRefusal();
  const sheet = layout === "sheet";
  const look = buttonClasses({ variant: "primary", size: sheet ? "lg" : "sm", block: sheet });
  const content = (
    <>
      <Plus aria-hidden="true" />
      Top Up
    </>
  );

  if (refusal === null || refusal === "loading") {
    return (
      <Link to={TOP_UP_PATH} onClick={onNavigate} className={look}>
        {content}
      </Link>
    );
  }
  const tipId = `top-up-tip-${layout}`;
  return (
    <TopUpTooltip id={tipId} side={sheet ? "above" : "below"} className={cx(sheet && "w-full")}>
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={tipId}
        onClick={() => notifyError(refusal)}
        className={cx(look, "cursor-not-allowed opacity-55")}
      >
        {content}
      </button>
    </TopUpTooltip>
  );
}
