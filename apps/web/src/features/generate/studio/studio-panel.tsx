import { type FormEvent, Suspense, useEffect, useRef } from "react";
import { whenIdle } from "../../../lib/when-idle.ts";
import { usePublicConfig } from "../../auth/index.ts";
import { AiEditor } from "../../editor/index.ts";
import {
  LoginRequiredDialog,
  preloadGateDialogs,
  SubscriptionRequiredDialog,
} from "../gate/gate-dialogs.ts";
import { ImagePicker } from "../photo/image-picker.tsx";
import { LazyProductOption } from "../product/lazy-product-option.ts";
import { ResultStage } from "../result/result-stage.tsx";
import { EditorSlot } from "../result-tools/editor-slot.tsx";
import { LazyScenePreviewCard } from "../scene/lazy-scene-preview-card.ts";
import { PromptField } from "../scene/prompt-field.tsx";
import { MethodPicker } from "../settings/method-picker.tsx";
import { ShadowPicker } from "../settings/shadow-picker.tsx";
import { SizePicker } from "../settings/size-picker.tsx";
import { TakesPicker } from "../settings/takes-picker.tsx";
import type { GenerationSettings } from "../settings/use-generation-settings.ts";
import { GenerateButton } from "./generate-button.tsx";
import { GenerationAnnouncer } from "./generation-announcer.tsx";
import { StartOverButton } from "./start-over-button.tsx";
import { useStudio } from "./use-studio.ts";

/** Below this width the result sits under the form, out of sight when Generate is pressed. */
const STACKED_LAYOUT = "(max-width: 1023px)";

type StudioPanelProps = {
  /** Several photos were picked: they make a batch, starting from the form as it is. */
  onPickMany?: (files: File[], form: GenerationSettings) => void;
};

/** The Generate page's studio: the form on the left, the result stage on the right. */
export function StudioPanel({ onPickMany }: StudioPanelProps = {}) {
  const studio = useStudio();
  const { queueNote, relightOption } = usePublicConfig();
  const resultRef = useRef<HTMLElement>(null);
  const { result, shown, editing } = studio;
  const { prompt, method, shadow, aspect, relightProduct, exactProduct } = studio;
  const studioForm: GenerationSettings = {
    prompt,
    method,
    shadow,
    aspect,
    relightProduct,
    exactProduct,
  };
  useEffect(() => whenIdle(preloadGateDialogs), []);
  // The scene preview shows as soon as the seller types: its code is fetched once the page is idle.
  useEffect(() => whenIdle(LazyScenePreviewCard.preload), []);
  const hasResult = result !== null;
  // Once there is a result to edit, the editor's code is fetched ahead of Edit with AI.
  useEffect(() => (hasResult ? whenIdle(AiEditor.preload) : undefined), [hasResult]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!studio.submit()) return;
    if (window.matchMedia(STACKED_LAYOUT).matches) {
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      resultRef.current?.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
    }
    // Generate turns busy (disabled) and would drop focus to the page: it goes to the result,
    // where the job's progress and then its actions are.
    resultRef.current?.focus({ preventScroll: true });
  };

  const retry = () => {
    const form = document.getElementById("studio-form");
    if (form instanceof HTMLFormElement) form.requestSubmit();
  };

  return (
    <section
      aria-labelledby="studio-title"
      className="rounded-panel border border-line bg-surface p-4 shadow-panel sm:p-6 lg:p-8"
    >
      <h2 id="studio-title" className="sr-only">
        Studio
      </h2>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-10">
        <form
          id="studio-form"
          onSubmit={onSubmit}
          aria-label="Generate a new background"
          noValidate
          className="flex min-w-0 flex-col gap-7"
        >
          <StartOverButton onStartOver={studio.startOver} />
          <ImagePicker
            picker={studio.picker}
            requiredError={studio.fieldErrors.image}
            subject={studio.subject}
            recordId={studio.uploadId}
            onPickMany={onPickMany && ((files) => onPickMany(files, studioForm))}
          />
          <PromptField
            value={studio.prompt}
            onChange={studio.setPrompt}
            error={studio.fieldErrors.prompt}
          />
          <Suspense fallback={null}>
            <LazyScenePreviewCard scene={studio.scene} outputSize={studio.output} />
          </Suspense>
          <div className="flex flex-col gap-5">
            <MethodPicker value={studio.method} onChange={studio.setMethod} queueNote={queueNote} />
            <ShadowPicker value={studio.shadow} onChange={studio.setShadow} />
            <SizePicker
              value={studio.aspect}
              onChange={studio.setAspect}
              photo={studio.picker.image}
              marketplace={studio.marketplace}
            />
            <TakesPicker value={studio.takes} onChange={studio.setTakes} />
            <Suspense fallback={null}>
              <LazyProductOption
                relightOption={relightOption}
                relightProduct={studio.relightProduct}
                onRelightProduct={studio.setRelightProduct}
                exactProduct={studio.exactShown}
                onExactProduct={studio.setExactProduct}
              />
            </Suspense>
          </div>
          <GenerateButton
            expired={studio.expired}
            busy={studio.generation.status === "running"}
            price={studio.price}
            tokenCount={studio.tokenCount}
            tokenError={studio.tokenError}
          />
        </form>
        <ResultStage
          ref={resultRef}
          generation={studio.generation}
          shown={shown}
          outputSize={studio.output}
          upscale={studio.upscale}
          editing={editing}
          editProblem={studio.editProblem}
          editor={
            editing && result && shown ? (
              <EditorSlot
                recordId={result.recordId}
                imageUrl={shown.url}
                onSave={studio.saveEdit}
                onClose={studio.closeEditor}
              />
            ) : undefined
          }
          onRetry={retry}
          onNewImage={studio.startOver}
          onDownload={studio.download}
          onDownloadCutout={studio.downloadCutout}
          onUpscale={studio.startUpscale}
          onRevertUpscale={studio.revert}
          onEdit={studio.edit}
          variationChoice={studio.variationChoice}
          onChooseTake={studio.chooseTake}
        />
      </div>
      <GenerationAnnouncer generation={studio.generation} />
      <LoginRequiredDialog
        open={studio.dialog === "login"}
        onOpenChange={(open) => studio.setDialog(open ? "login" : null)}
      />
      <SubscriptionRequiredDialog
        open={studio.dialog === "subscription"}
        onOpenChange={(open) => studio.setDialog(open ? "subscription" : null)}
      />
    </section>
  );
}
