import { DEFAULT_ASPECT, DEFAULT_SHADOW_STYLE, GENERATION_MESSAGES } from "@backdrop/shared";
import { useCallback, useState } from "react";
import { CUTOUT_SUFFIX, downloadImage } from "../../../lib/download-result.ts";
import { useSession } from "../../auth/index.ts";
import { useEditorGate } from "../../editor/index.ts";
import { useStudioDraft } from "../draft/use-studio-draft.ts";
import { takeNumberOf, useGeneration } from "../generation/use-generation.ts";
import { useOpenRecord } from "../generation/use-open-record.ts";
import { useImagePicker } from "../photo/use-image-picker.ts";
import { usePasteImage } from "../photo/use-paste-image.ts";
import { usePhotoUpload } from "../photo/use-photo-upload.ts";
import { useSubjectStatus } from "../photo/use-subject-status.ts";
import {
  editedImage,
  generatedImage,
  revertUpscale,
  SHOWN_SUFFIX,
  type ShownImage,
  upscaledFrom,
} from "../result/shown-image.ts";
import { useUpscale } from "../result-tools/use-upscale.ts";
import { useVariationChoice } from "../result-tools/use-variation-choice.ts";
import { useScenePreview } from "../scene/use-scene-preview.ts";
import { DEFAULT_METHOD } from "../settings/processing-method.ts";
import { outputOf } from "../settings/size-choices.ts";
import { DEFAULT_TAKES, priceOf } from "../settings/takes.ts";
import { UPSCALE_COST } from "../settings/token-cost.ts";
import { useGenerationSettings } from "../settings/use-generation-settings.ts";
import { checkGeneration, isSubscriptionExpired } from "./generation-checks.ts";
import { PHOTO_INPUT_ID, PROMPT_INPUT_ID } from "./studio-ids.ts";

type FieldErrors = { image: string | null; prompt: string | null };
const NO_FIELD_ERRORS: FieldErrors = { image: null, prompt: null };

export type StudioDialog = "login" | "subscription" | null;

/**
 * Everything the studio does: the form and its checks, the generation, and what happens to
 * its result (upscale, revert, AI edits, download, starting over).
 */
export function useStudio() {
  const { session, user, tokenCount, loading } = useSession();
  const picker = useImagePicker();
  const photoUpload = usePhotoUpload(picker.image?.file ?? null, session?.uid ?? null);
  const subject = useSubjectStatus(photoUpload);
  const generation = useGeneration();
  const upscale = useUpscale();
  const variationChoice = useVariationChoice();
  const settings = useGenerationSettings();
  const { prompt, method, shadow, aspect, relightProduct, exactProduct } = settings;
  const [takes, setTakes] = useState(DEFAULT_TAKES);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  // the token message is about one photo's price at one size; another photo or size clears it
  const [tokenError, setTokenError] = useState<{ message: string; priced: string } | null>(null);
  const [dialog, setDialog] = useState<StudioDialog>(null);
  const [edits, setEdits] = useState<{ recordId: string; shown: ShownImage } | null>(null);
  const [editing, setEditing] = useState(false);
  const editorGate = useEditorGate();
  const draft = useStudioDraft({
    uid: session?.uid ?? null,
    sessionLoading: loading,
    picker,
    upload: photoUpload,
    settings,
    takes,
    setTakes,
    onSignedOut: () => clearForm(),
  });

  /** Drops what belonged to the result shown: its upscale, its choice of take, the open editor. */
  const clearResultTools = () => {
    upscale.reset();
    variationChoice.reset();
    setEditing(false);
  };

  usePasteImage((file) => void picker.pick(file));
  // The record named in the address becomes the result (the gallery's "Open in studio"), or,
  // while its job still runs (a reload, Back), the generation watched to its end.
  const opening = useOpenRecord(
    (opened) => {
      clearResultTools();
      generation.show(opened.result);
      setEdits({ recordId: opened.result.recordId, shown: opened.shown });
      void draft.fillFromRecord(opened.record);
    },
    (running) => {
      clearResultTools();
      generation.resume(running);
    },
  );

  const image = picker.image;
  // The prompt as the engine reads it (of the photo's upload once its subject is cut out); a
  // white background at the photo's own size is made square.
  const subjectRecordId = subject === "ready" ? (photoUpload.photo?.recordId ?? null) : null;
  const scene = useScenePreview(prompt, outputOf(image, aspect), subjectRecordId);
  const marketplace = scene.reading?.marketplace === true;
  // What Generate makes of the photo at the chosen size, and what the server will charge for it.
  const output = outputOf(image, aspect, marketplace);
  // A marketplace request also keeps the product exact when the seller has not chosen, as the
  // server does.
  const exactShown = exactProduct ?? marketplace;
  const price = priceOf(output?.cost ?? null, takes);
  const priced = `${image?.url} ${aspect} ${takes}`;
  const expired = isSubscriptionExpired(user);
  const done = generation.state.status === "done" ? generation.state.result : null;
  // The generated image until an upscale or an edit of that same record replaces it.
  const shown: ShownImage | null = done
    ? edits?.recordId === done.recordId
      ? edits.shown
      : generatedImage(done.imageUrl)
    : null;
  const show = useCallback(
    (next: ShownImage) => done && setEdits({ recordId: done.recordId, shown: next }),
    [done],
  );

  const setPrompt = (value: string) => {
    settings.setPrompt(value);
    if (fieldErrors.prompt && value.trim()) setFieldErrors((now) => ({ ...now, prompt: null }));
  };

  /** Runs SPEC point 5's checks, then the generation; true when it started. */
  const submit = (): boolean => {
    if (expired) return false;
    setTokenError(null);
    const check = checkGeneration({
      loggedIn: session !== null,
      user,
      tokenCount,
      hasImage: image !== null,
      prompt,
      cost: price?.total ?? null,
    });
    switch (check.kind) {
      case "login":
        setDialog("login");
        return false;
      case "fields":
        setFieldErrors({ image: check.image, prompt: check.prompt });
        document.getElementById(check.image ? PHOTO_INPUT_ID : PROMPT_INPUT_ID)?.focus();
        return false;
      case "subscription":
        setDialog("subscription");
        return false;
      case "tokens":
        setTokenError({ message: check.message, priced });
        return false;
    }
    if (!image) return false;
    setFieldErrors(NO_FIELD_ERRORS);
    opening.forget();
    clearResultTools();
    editorGate.clear();
    void generation.start(
      {
        file: image.file,
        width: image.width,
        height: image.height,
        prompt,
        method,
        shadow,
        aspect,
        marketplace,
        relightProduct,
        exactProduct,
        variations: takes,
        onStarted: opening.remember,
      },
      photoUpload.take(),
    );
    return true;
  };

  const startUpscale = async () => {
    if (!done || !shown) return;
    if (expired) return upscale.refuse(GENERATION_MESSAGES.subscriptionExpired);
    if (user && !user.stripeCustomerId) return setDialog("subscription");
    if (tokenCount < UPSCALE_COST) {
      return upscale.refuse(GENERATION_MESSAGES.notEnoughTokensToUpscale);
    }
    const url = await upscale.start({ recordId: done.recordId, imageUrl: shown.url });
    if (url) show(upscaledFrom(shown, url));
  };

  const revert = () => {
    if (!shown) return;
    upscale.reset();
    show(revertUpscale(shown));
  };

  /** The photo's own name and the scene: each download's name starts so. */
  const named = { photoName: done?.sourceName, prompt: done?.prompt };

  const download = () =>
    downloadImage({
      url: shown?.url,
      name: {
        ...named,
        take: shown?.kind === "generated" && done ? takeNumberOf(done, shown.url) : null,
        suffix: shown ? SHOWN_SUFFIX[shown.kind] : undefined,
      },
    });

  /** The subject alone, whatever was done to the scene since. */
  const downloadCutout = () =>
    downloadImage({
      url: done?.cutoutUrl,
      name: { ...named, suffix: CUTOUT_SUFFIX },
      transparent: true,
    });

  const saveEdit = (url: string) => {
    upscale.reset();
    show(editedImage(url));
    setEditing(false);
  };

  /**
   * Makes another take the result (the server's processed image): Download, Upscale and Edit
   * then act on it, and what was made of the take shown before is dropped, as the server
   * drops its upscale.
   */
  const chooseTake = async (index: number) => {
    if (!done || upscale.state.status === "running" || editing) return;
    const record = await variationChoice.choose(done.recordId, index);
    const chosen = record?.processedImage?.url;
    if (!record || !chosen) return;
    upscale.reset();
    setEdits(null);
    generation.show({ ...done, imageUrl: chosen, variations: record.variations });
  };

  /** An empty form, with every choice at its default, and an empty stage. */
  const clearForm = () => {
    generation.reset();
    clearResultTools();
    picker.remove();
    settings.setPrompt("");
    settings.setMethod(DEFAULT_METHOD);
    settings.setShadow(DEFAULT_SHADOW_STYLE);
    settings.setAspect(DEFAULT_ASPECT);
    settings.setRelightProduct(false);
    settings.setExactProduct(null);
    setTakes(DEFAULT_TAKES);
    setFieldErrors(NO_FIELD_ERRORS);
    setTokenError(null);
    editorGate.clear();
    setEdits(null);
    opening.forget();
  };

  /** Start over (and New Image): the draft ends, and the form and the stage are emptied. */
  const startOver = () => {
    draft.discard();
    clearForm();
    document.getElementById(PHOTO_INPUT_ID)?.focus();
  };

  return {
    picker,
    subject,
    uploadId: photoUpload.used ? null : photoUpload.photo?.recordId,
    /** The engine's reading of the prompt, shown as the scene preview. */
    scene,
    /** The prompt asks for a white background: at the photo's own size, a square. */
    marketplace,
    ...settings,
    /** What the "Exact product" switch shows: the seller's choice, else the prompt's default. */
    exactShown,
    setPrompt,
    takes,
    setTakes,
    /** The picture Generate would make of the picked photo, with its price. */
    output,
    fieldErrors: { image: fieldErrors.image, prompt: fieldErrors.prompt },
    tokenError: tokenError?.priced === priced ? tokenError.message : null,
    /** What Generate costs: every take of the picked photo at the chosen size. */
    price,
    tokenCount: session ? tokenCount : null,
    expired,
    dialog,
    setDialog,
    generation: generation.state,
    upscale: upscale.state,
    result: done,
    shown,
    editing,
    variationChoice: variationChoice.state,
    chooseTake: (index: number) => void chooseTake(index),
    submit,
    startUpscale: () => void startUpscale(),
    revert,
    download,
    downloadCutout,
    /** Opens the editor, or on a plan without AI edits shows why not (SPEC point 6). */
    edit: () => {
      if (editorGate.open()) setEditing(true);
    },
    editProblem: editorGate.problem,
    saveEdit,
    closeEditor: () => setEditing(false),
    startOver,
  };
}
