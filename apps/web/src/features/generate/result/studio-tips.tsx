import { Lightbulb } from "lucide-react";

const TIPS = [
  "Use a sharp, well-lit photo with the whole subject in frame.",
  "Name a surface and a light: “linen cloth, soft window light”.",
  "Pick Queue for your final image, Realtime for quick ideas.",
] as const;

export function StudioTips() {
  return (
    <aside
      aria-labelledby="studio-tips-title"
      className="mt-4 rounded-2xl bg-canvas p-5 ring-1 ring-line"
    >
      <h3
        id="studio-tips-title"
        className="flex items-center gap-2 font-sans text-sm font-semibold text-ink"
      >
        <Lightbulb aria-hidden="true" className="size-4 text-accent-600" />
        Tips for a convincing scene
      </h3>
      <ul className="mt-3 flex flex-col gap-2 text-sm text-ink-muted">
        {TIPS.map((tip) => (
          <li key={tip} className="flex gap-2.5">
            <span
              aria-hidden="true"
              className="mt-2 size-1.5 shrink-0 rounded-full bg-accent-500"
            />
            {tip}
          </li>
        ))}
      </ul>
    </aside>
  );
}
