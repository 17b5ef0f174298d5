/**
 * What a running job is doing, in words. The server's stages (docs/decisions.md "Record
 * status") plus the two steps before the job exists; how far along it is comes from
 * job-estimate.ts.
 */
export type ClientStep = "sending" | "starting";

type StageView = { label: string };

const STAGES: Record<string, StageView> = {
  sending: { label: "Uploading your photo" },
  starting: { label: "Starting the job" },
  queued: { label: "Waiting in the queue" },
  preparing: { label: "Preparing your photo" },
  uploading: { label: "Handing your photo to the model" },
  "cutting out": { label: "Cutting out your subject" },
  composing: { label: "Composing the new scene" },
  generating: { label: "Painting the new background" },
  upscaling: { label: "Upscaling to twice the size" },
  editing: { label: "Applying your edit" },
  downloading: { label: "Fetching the result" },
  saving: { label: "Saving your image" },
};

const UNKNOWN: StageView = { label: "Working on your image" };

export function stageView(stage: string | null | undefined): StageView {
  return (stage && STAGES[stage]) || UNKNOWN;
}

/** "0:07", "1:42". */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The bar's value in words: "Cutting out your subject, 42%" when measured, else "about 42%". */
export function progressValueText(label: string, percent: number, measured: boolean): string {
  return measured ? `${label}, ${percent}%` : `${label}, about ${percent}%`;
}
