/**
 * What a running job is doing, in words and as a share of the whole. The server's stages
 * (docs/decisions.md "Record status") plus the two steps before the job exists.
 */
export type ClientStep = "sending" | "starting";

type StageView = { label: string; progress: number };

const STAGES: Record<string, StageView> = {
  sending: { label: "Uploading your photo", progress: 0.06 },
  starting: { label: "Starting the job", progress: 0.12 },
  queued: { label: "Waiting in the queue", progress: 0.18 },
  preparing: { label: "Preparing your photo", progress: 0.26 },
  uploading: { label: "Handing your photo to the model", progress: 0.34 },
  "cutting out": { label: "Cutting out your subject", progress: 0.45 },
  composing: { label: "Composing the new scene", progress: 0.66 },
  generating: { label: "Painting the new background", progress: 0.66 },
  upscaling: { label: "Upscaling to twice the size", progress: 0.62 },
  editing: { label: "Applying your edit", progress: 0.62 },
  downloading: { label: "Fetching the result", progress: 0.84 },
  saving: { label: "Saving your image", progress: 0.94 },
};

const UNKNOWN: StageView = { label: "Working on your image", progress: 0.5 };

export function stageView(stage: string | null | undefined): StageView {
  return (stage && STAGES[stage]) || UNKNOWN;
}

/** "0:07", "1:42". */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
