import type { Aspect, ProcessingMethod, ShadowStyle } from "@backdrop/shared";
import { sizeChoices } from "../../generate/index.ts";

type SummaryProps = {
  prompt: string;
  method: ProcessingMethod;
  shadow: ShadowStyle;
  aspect: Aspect;
};

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "Realtime · Soft shadow · Square 1:1": the settings every photo of the batch is made with. */
export function settingsText({ method, shadow, aspect }: Omit<SummaryProps, "prompt">): string {
  const size = sizeChoices(null).find((choice) => choice.aspect === aspect);
  const sizeName = size?.ratio ? `${size.name} ${size.ratio}` : (size?.name ?? aspect);
  const shadowName = shadow === "none" ? "No shadow" : `${capitalised(shadow)} shadow`;
  return [capitalised(method), shadowName, sizeName].join(" · ");
}

/** Once started, the form gives way to what the batch is made with. */
export function BatchSettingsSummary(props: SummaryProps) {
  return (
    <dl className="grid gap-x-6 gap-y-1.5 rounded-2xl border border-line px-4 py-3.5 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-ink">New background</dt>
      <dd className="text-ink-muted">{props.prompt.trim()}</dd>
      <dt className="font-semibold text-ink">Settings</dt>
      <dd className="text-ink-muted">{settingsText(props)}</dd>
    </dl>
  );
}
