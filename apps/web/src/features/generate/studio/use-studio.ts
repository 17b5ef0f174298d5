import { GENERATION_MESSAGES } from "@backdrop/shared";
import { useCallback, useState } from "react";
import { CUTOUT_SUFFIX, downloadImage } from "../../../lib/download-result.ts";
import { useSession } from "../../auth/index.ts";
import { useEditorGate } from "../../editor/index.ts";
import { useStudioDraft } from "../draft/use-studio-draft.ts";
import { useGeneration } from "../generation/use-generation.ts";
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
  const { session, user, tokenCount } = useSession();
  const picker = useImagePicker();
  const photoUpload = usePhotoUpload(picker.image?.file ?? null, session?.uid ?? null);
  const subject = useSubjectStatus(photoUpload);
  const generation = useGeneration();
  const upscale = useUpscale();
  const variationChoice = useVariationChoice();
  const settings = useGenerationSettings();
  const { prompt, method, shadow, aspect, relightProduct } = settings;
  const [takes, setTakes] = useState(DEFAULT_TAKES);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  // the token message is about one photo's price at one size; another photo or size clears it
  const [tokenError, setTokenError] = useState<{ message: string; priced: string } | null>(null);
  const [dialog, setDialog] = useState<StudioDialog>(null);
  const [edits, setEdits] = useState<{ recordId: string; shown: ShownImage } | null>(null);
  const [editing, setEditing] = useState(false);
  const editorGate = useEditorGate();
  const draft = useStudioDraft({ loggedIn: session !== null, picker, settings, takes, setTakes });

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
    },
    (running) => {
      clearResultTools();
      generation.resume(running);
    },
  );

  const image = picker.image;
  // What Generate makes of the photo at the chosen size, and what the server will charge for it.
  const output = outputOf(image, aspect);
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
        draft.save();
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
        relightProduct,
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

  const download = () =>
    downloadImage({
      url: shown?.url,
      prompt: done?.prompt,
      suffix: shown ? SHOWN_SUFFIX[shown.kind] : undefined,
    });

  /** The subject alone, whatever was done to the scene since. */
  const downloadCutout = () =>
    downloadImage({ url: done?.cutoutUrl, prompt: done?.prompt, suffix: CUTOUT_SUFFIX });

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

  /** New Image: an empty form and an empty stage. */
  const startOver = () => {
    generation.reset();
    clearResultTools();
    picker.remove();
    settings.setPrompt("");
    settings.setMethod(DEFAULT_METHOD);
    setFieldErrors(NO_FIELD_ERRORS);
    setTokenError(null);
    editorGate.clear();
    setEdits(null);
    opening.forget();
    document.getElementById(PHOTO_INPUT_ID)?.focus();
  };

  return {
    picker,
    subject,
    ...settings,
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
