import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROGRESS_CEILING, stageSpan } from "./job-estimate.ts";
import { JobProgress } from "./job-progress.tsx";
import { TICK_MS } from "./use-estimated-progress.ts";

const T0 = new Date("2025-05-01T10:00:00Z").getTime();
const bar = () => screen.getByRole("progressbar");
const shown = () => Number(bar().getAttribute("aria-valuenow"));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function reduceMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe("the job's progress card", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    reduceMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  it("moves on while a long stage runs, slowing past its estimate but never finishing it", async () => {
    render(<JobProgress job="Generation" kind="realtime" stage="cutting out" startedAt={T0} />);
    const cut = stageSpan("realtime", "cutting out");
    const next = stageSpan("realtime", "composing")?.start ?? 0;
    const start = shown();
    expect(start).toBe(Math.floor((cut?.start ?? 0) * 100));
    expect(bar()).toHaveAttribute("aria-valuetext", `Cutting out your subject, about ${start}%`);
    const seen = [start];
    for (let second = 1; second <= 3; second += 1) {
      await wait(1_000);
      seen.push(shown());
    }
    // The cut-out's 3.3 s estimate spans half the bar: every second shows it moving.
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThan(seen[i - 1] ?? 100);
    await wait(120_000);
    expect(shown()).toBeLessThan(Math.floor(next * 100) + 1);
    expect(shown()).toBeGreaterThan(seen.at(-1) ?? 100);
    // No percentage is claimed for an estimate.
    expect(screen.queryByText(/^\d+%$/)).not.toBeInTheDocument();
  });

  it("jumps to the server's measure, shows it, and never goes back or reaches 100%", async () => {
    const { rerender } = render(
      <JobProgress job="Upscale" kind="upscale" stage="upscaling" progress={null} startedAt={T0} />,
    );
    const span = stageSpan("upscale", "upscaling");
    await wait(400);
    rerender(
      <JobProgress
        job="Upscale"
        kind="upscale"
        stage="upscaling"
        progress={0.424}
        startedAt={T0}
      />,
    );
    const percent = Math.floor(((span?.start ?? 0) + (span?.share ?? 0) * 0.424) * 100);
    expect(shown()).toBe(percent);
    expect(bar()).toHaveAttribute("aria-valuetext", `Upscaling to twice the size, ${percent}%`);
    expect(screen.getByText(`${percent}%`)).toBeInTheDocument();

    rerender(
      <JobProgress job="Upscale" kind="upscale" stage="upscaling" progress={0.1} startedAt={T0} />,
    );
    expect(shown()).toBe(percent);

    rerender(
      <JobProgress job="Upscale" kind="upscale" stage="upscaling" progress={1} startedAt={T0} />,
    );
    rerender(<JobProgress job="Upscale" kind="upscale" stage="saving" startedAt={T0} />);
    await wait(600_000);
    expect(shown()).toBeLessThan(100);
    expect(shown()).toBeLessThanOrEqual(Math.floor(PROGRESS_CEILING * 100));
  });

  it("starts again from the beginning for a new job", async () => {
    const { rerender } = render(
      <JobProgress job="Generation" kind="queue" stage="composing" startedAt={T0} />,
    );
    await wait(2_000);
    const late = shown();
    rerender(<JobProgress job="Generation" kind="queue" stage="sending" startedAt={T0 + 2_000} />);
    await wait(0);
    expect(shown()).toBeLessThan(late);
    expect(shown()).toBe(0);
  });

  it("with reduced motion, steps once a second without an animated bar", async () => {
    reduceMotion(true);
    render(<JobProgress job="Generation" kind="realtime" stage="cutting out" startedAt={T0} />);
    const fill = bar().firstElementChild as HTMLElement;
    expect(fill.className).not.toMatch(/transition/);
    const start = shown();
    await wait(TICK_MS.smooth * 2);
    expect(shown()).toBe(start);
    await wait(TICK_MS.reduced);
    expect(shown()).toBeGreaterThan(start);
  });

  it("animates the bar's scale in small steps otherwise, never its width", async () => {
    render(<JobProgress job="Generation" kind="realtime" stage="cutting out" startedAt={T0} />);
    const fill = bar().firstElementChild as HTMLElement;
    expect(fill.className).toMatch(/transition-transform/);
    expect(fill.style.width).toBe("");
    expect(fill.style.transform).toMatch(/^scaleX\(0(\.\d+)?\)$/);
    const start = shown();
    await wait(TICK_MS.smooth * 3);
    expect(shown()).toBeGreaterThan(start);
  });
});
