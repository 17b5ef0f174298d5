import { ArrowRight, ImagePlus, MessageSquareText, Wand } from "lucide-react";
import { Link } from "react-router";

const STEPS = [
  {
    title: "Upload your photo",
    text: "A product shot or a portrait in JPG, PNG, WebP, GIF or AVIF, up to 10MB and 2048 × 2048 pixels.",
    Icon: ImagePlus,
  },
  {
    title: "Describe the scene",
    text: "A few words about the place, the surface and the light: “on a marble counter, morning light”.",
    Icon: MessageSquareText,
  },
  {
    title: "Generate and refine",
    text: "Download the result, upscale it 2x, or edit it further with a text prompt.",
    Icon: Wand,
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="mt-24">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          From photo to scene in three steps
        </h2>
        <Link
          to="/pricing"
          className="group inline-flex items-center gap-1.5 text-sm font-semibold text-accent-600 hover:text-accent-700"
        >
          Plans from $9 a month
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5"
          />
        </Link>
      </div>
      <ol className="mt-8 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ title, text, Icon }, index) => (
          <li key={title} className="rounded-card border border-line bg-surface p-6 shadow-card">
            <div className="flex items-center justify-between">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span aria-hidden="true" className="font-display text-4xl font-bold text-line-strong">
                {index + 1}
              </span>
            </div>
            <h3 className="mt-5 text-lg font-semibold text-ink">{title}</h3>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
