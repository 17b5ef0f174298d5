import type { TScenePreviewResponse } from "@backdrop/shared";
import { Check, EyeOff } from "lucide-react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cx } from "../../../lib/cx.ts";
import { useScenePreview } from "./use-scene-preview.ts";

type ScenePreviewProps = {
  prompt: string;
  /** The picture Generate would make (the photo at its chosen size): the preview takes its shape. */
  outputSize: { width: number; height: number } | null;
  /** The picked photo's upload once its subject is cut out: the preview then notes a subject filling it. */
  recordId?: string | null;
};

/** The engine's reading of the prompt as useScenePreview keeps it. */
export type ScenePreviewState = ReturnType<typeof useScenePreview>;

function Words({ label, words, tone }: { label: string; words: string[]; tone: "drawn" | "left" }) {
  if (words.length === 0) return null;
  const Icon = tone === "drawn" ? Check : EyeOff;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="sr-only">{label}:</span>
      {words.map((word) => (
        <span
          key={word}
          className={cx(
            "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium",
            tone === "drawn"
              ? "border-success-600/25 bg-success-50 text-success-600"
              : "border-line-strong bg-sunken text-ink-muted line-through decoration-ink-subtle/60",
          )}
        >
          <Icon aria-hidden="true" className="size-3" />
          {word}
        </span>
      ))}
    </div>
  );
}

function summary({ understood, ignored }: TScenePreviewResponse): string {
  if (ignored.length === 0) return "Everything you described will be drawn.";
  if (understood.length === 0) {
    return "None of these words can be drawn yet: you would get a plain studio backdrop.";
  }
  return `Left out of the scene: ${ignored.join(", ")}. Everything else will be drawn.`;
}

/**
 * The scene the prompt will give, drawn as the user types and before anything is charged:
 * a small picture without the subject, the words that will be drawn and those left out.
 */
export function ScenePreview({ prompt, outputSize, recordId = null }: ScenePreviewProps) {
  const scene = useScenePreview(prompt, outputSize, recordId);
  return <ScenePreviewCard scene={scene} outputSize={outputSize} />;
}

export type ScenePreviewCardProps = {
  scene: ScenePreviewState;
  outputSize: { width: number; height: number } | null;
};

/**
 * The preview of a reading asked for elsewhere (the studio, whose size picker reads it too),
 * in the shape of the picture Generate would make (`outputSize`).
 */
export function ScenePreviewCard({
  scene: { reading, updating, failed },
  outputSize,
}: ScenePreviewCardProps) {
  // An engine that draws whatever it is told has nothing to show before it runs.
  if (reading && reading.preview === null && reading.ignored.length === 0) return null;
  if (!reading && !updating && !failed) return null;

  return (
    <section
      aria-labelledby="scene-preview-title"
      aria-busy={updating}
      className="rounded-2xl border border-line bg-surface p-3"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id="scene-preview-title" className="text-sm font-semibold text-ink">
          Scene preview
        </h3>
        <span className="flex items-center gap-1.5 text-xs text-ink-subtle">
          {updating ? (
            <>
              <Spinner className="size-3.5" />
              Updating…
            </>
          ) : (
            "Free · no tokens"
          )}
        </span>
      </div>
      {failed ? (
        <p className="mt-2 text-sm text-ink-muted">
          The preview is not available right now. You can still generate.
        </p>
      ) : (
        <div className="mt-3 flex gap-3">
          <div
            className={cx(
              "w-28 shrink-0 self-start overflow-hidden rounded-xl bg-sunken ring-1 ring-black/5 transition-opacity sm:w-36",
              updating && "opacity-60",
            )}
            style={{
              aspectRatio: outputSize ? `${outputSize.width} / ${outputSize.height}` : "4 / 3",
            }}
          >
            {reading?.preview ? (
              <img
                src={reading.preview}
                alt="The background this prompt will give, before your subject is placed in it"
                className="size-full object-cover"
              />
            ) : (
              <div className="size-full animate-pulse bg-sunken" />
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            {reading ? (
              <>
                {reading.scene && (
                  <p className="text-xs text-ink-muted">
                    Scene: <span className="font-medium text-ink">{reading.scene}</span>
                  </p>
                )}
                <Words label="Will be drawn" words={reading.understood} tone="drawn" />
                <Words label="Left out" words={reading.ignored} tone="left" />
                <p aria-live="polite" className="text-xs text-ink-muted">
                  {summary(reading)}
                </p>
                {reading.note && <p className="text-xs text-ink-muted">{reading.note}</p>}
              </>
            ) : (
              <p className="text-xs text-ink-muted">Drawing your scene…</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
