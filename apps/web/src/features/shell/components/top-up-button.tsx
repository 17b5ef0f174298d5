import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { cx } from "../../../lib/cx.ts";
import { notifyError } from "../../../lib/notify.ts";
import { TopUpTooltip, useTopUpRefusal } from "../../pricing/index.ts";

/** Top Up leads to the token packs on the pricing page. */
export const TOP_UP_PATH = "/pricing#top-up";

type TopUpButtonProps = { layout: "bar" | "sheet"; onNavigate?: () => void };

/** Where a refused Top Up leads: the plans, Elite among them. */
export const PLANS_PATH = "/pricing";

/**
 * Elite subscribers go to the packs. Everyone else gets a link to the plans, with the
 * elite-only tooltip, and the spec's reason as they follow it (SPEC point 5): never a dead
 * button.
 */
export function TopUpButton({ layout, onNavigate }: TopUpButtonProps) {
  const refusal = useTopUpRefusal();
  const sheet = layout === "sheet";
  const size = sheet ? "lg" : "sm";
  const content = (
    <>
      <Plus aria-hidden="true" />
      Top Up
    </>
  );

  if (refusal === null || refusal === "loading") {
    return (
      <Link
        to={TOP_UP_PATH}
        onClick={onNavigate}
        className={buttonClasses({ variant: "primary", size, block: sheet })}
      >
        {content}
      </Link>
    );
  }
  const tipId = `top-up-tip-${layout}`;
  return (
    <TopUpTooltip id={tipId} side={sheet ? "above" : "below"} className={cx(sheet && "w-full")}>
      <Link
        to={PLANS_PATH}
        aria-describedby={tipId}
        onClick={() => {
          notifyError(refusal);
          onNavigate?.();
        }}
        className={buttonClasses({ variant: "secondary", size, block: sheet })}
      >
        {content}
      </Link>
    </TopUpTooltip>
  );
}
