/**
 * The Generate feature's entry: all that the Generate page, the batch and other features' tests
 * may use of it. Listed by room, the studio first: the page runs the studio's modules in this
 * order, and the bundler's chunks follow it (apps/web/biome.json leaves the order as written).
 */

// studio/: the studio panel, its form's frame and the checks before Generate
export { StudioPanel } from "./studio/studio-panel.tsx";
export { StepTitle } from "./studio/step-title.tsx";
export { PROMPT_INPUT_ID } from "./studio/studio-ids.ts";
export { checkGeneration, isSubscriptionExpired } from "./studio/generation-checks.ts";

// landing/: the page's words above and below the studio
export { GenerateHero } from "./landing/generate-hero.tsx";
export { LazyHowItWorks } from "./landing/lazy-how-it-works.tsx";

// photo/, scene/, settings/: the form's parts a batch reuses
export { readImageSize } from "./photo/image-checks.ts";
export { checkPhoto } from "./photo/check-photo.ts";
export type { ImageSize, SizeReader } from "./photo/image-checks.ts";
export { PromptField } from "./scene/prompt-field.tsx";
export { ScenePreview } from "./scene/scene-preview.tsx";
export { MethodPicker } from "./settings/method-picker.tsx";
export { ShadowPicker } from "./settings/shadow-picker.tsx";
export { SizePicker } from "./settings/size-picker.tsx";
export { DEFAULT_METHOD } from "./settings/processing-method.ts";
export type { ProcessingMethod } from "./settings/processing-method.ts";
export { outputOf, sizeChoices } from "./settings/size-choices.ts";
export { useGenerationSettings } from "./settings/use-generation-settings.ts";
export type { GenerationSettings } from "./settings/use-generation-settings.ts";

// gate/: the sign-in and plan prompts
export { LoginRequiredDialog, SubscriptionRequiredDialog } from "./gate/gate-dialogs.ts";
export { PricingLink } from "./gate/pricing-link.tsx";

// generation/, progress/ and the API: a job started on the server, watched to its end
export { startProcessing, uploadImage } from "./api.ts";
export type { UploadedPhoto } from "./api.ts";
export { GENERATION_WATCH, messageOf } from "./generation/use-generation.ts";
export { isAbort, watchRecord } from "./generation/watch-record.ts";
export type { WatchOptions, WatchResult } from "./generation/watch-record.ts";
export { progressValueText, stageView } from "./progress/job-stages.ts";
export { useEstimatedProgress } from "./progress/use-estimated-progress.ts";

// The studio's address (`/?record=…`): links to a record's result, and what it opens
export { openedRecord, RECORD_PARAM } from "./generation/open-record.ts";
