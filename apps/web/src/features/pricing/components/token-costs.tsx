import { RESOLUTION_COSTS, TOKEN_COSTS } from "@backdrop/shared";
import { ImageUpscale, Sparkles, Wand } from "lucide-react";

const ACTIONS = [
  {
    title: "Generation",
    cost: `${TOKEN_COSTS.generationPerMegapixel} tokens per megapixel`,
    text: "Your photo placed into a new scene. The price follows the photo's size, rounded up to the next megapixel.",
    Icon: Sparkles,
  },
  {
    title: "Upscale 2x",
    cost: `${TOKEN_COSTS.upscale} tokens per image`,
    text: "Doubles the width and height of a result while keeping it sharp.",
    Icon: ImageUpscale,
  },
  {
    title: "AI edit",
    cost: `${TOKEN_COSTS.edit} tokens per edit`,
    text: "Change a result with a text prompt. Available on Pro and Elite.",
    Icon: Wand,
  },
] as const;

export function TokenCosts() {
  return (
    <section aria-labelledby="costs-title" className="mt-28">
      <div className="max-w-2xl">
        <h2 id="costs-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          What a token buys
        </h2>
        <p className="mt-3 text-lg text-ink-muted">
          Every action shows its price before you run it. Tokens from your plan renew each month.
        </p>
      </div>
      <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {ACTIONS.map(({ title, cost, text, Icon }) => (
            <li
              key={title}
              className="flex gap-4 rounded-card border border-line bg-surface p-5 shadow-card"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-sans text-base font-semibold text-ink">{title}</h3>
                <p className="text-sm font-semibold text-accent-600">{cost}</p>
                <p className="mt-1.5 text-sm leading-relaxed text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
          <table className="w-full text-left text-sm">
            <caption className="border-b border-line px-5 py-4 text-left font-semibold text-ink">
              Generation cost by photo size
            </caption>
            <thead className="bg-canvas text-xs tracking-wide text-ink-subtle uppercase">
              <tr>
                <th scope="col" className="px-5 py-3 font-semibold">
                  Size
                </th>
                <th scope="col" className="px-5 py-3 font-semibold">
                  Up to
                </th>
                <th scope="col" className="px-5 py-3 text-right font-semibold">
                  Tokens
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {RESOLUTION_COSTS.map((row) => (
                <tr key={`${row.width}x${row.height}`}>
                  <td className="px-5 py-3.5 font-medium text-ink tabular-nums">
                    {row.width} × {row.height}
                  </td>
                  <td className="px-5 py-3.5 text-ink-muted tabular-nums">
                    {row.megapixels.toFixed(2)} MP
                  </td>
                  <td className="px-5 py-3.5 text-right font-semibold text-ink tabular-nums">
                    {row.tokens}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
