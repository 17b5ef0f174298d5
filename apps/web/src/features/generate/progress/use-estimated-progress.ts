import { useEffect, useState } from "react";
import { advance, type JobKind, observe, type ProgressTrack, startTrack } from "./job-estimate.ts";

/** How often the bar moves: smoothly, or once a second when the user asks for less motion. */
export const TICK_MS = { smooth: 200, reduced: 1_000 } as const;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

type Job = {
  kind: JobKind;
  stage: string | null;
  progress?: number | null;
  startedAt: number;
  megapixels?: number;
};

/**
 * The running job's bar, 0..1, from job-estimate.ts: it ticks with time and takes each stage
 * and measure the server reports. A new `startedAt` is a new job and starts again from 0.
 */
export function useEstimatedProgress({ kind, stage, progress, startedAt, megapixels }: Job) {
  const [reduced] = useState(prefersReducedMotion);
  const [run, setRun] = useState<{ startedAt: number; track: ProgressTrack }>(() => ({
    startedAt,
    track: startTrack(kind, stage, startedAt, megapixels),
  }));
  if (run.startedAt !== startedAt) {
    setRun({ startedAt, track: startTrack(kind, stage, startedAt, megapixels) });
  }

  useEffect(() => {
    setRun((now) => ({ ...now, track: observe(now.track, stage, progress ?? null, Date.now()) }));
  }, [stage, progress]);

  useEffect(() => {
    const tick = () => setRun((now) => ({ ...now, track: advance(now.track, Date.now()) }));
    tick();
    const timer = setInterval(tick, reduced ? TICK_MS.reduced : TICK_MS.smooth);
    return () => clearInterval(timer);
  }, [reduced]);

  return { value: run.track.value, measured: run.track.measured !== null, reduced };
}
