import { type Aspect, DEFAULT_ASPECT, DEFAULT_SHADOW_STYLE } from "@backdrop/shared";
import { useCallback, useState } from "react";
import { useSession } from "../../auth/index.ts";
import {
  checkGeneration,
  DEFAULT_METHOD,
  type GenerationSettings,
  isSubscriptionExpired,
  PROMPT_INPUT_ID,
  useGenerationSettings,
} from "../../generate/index.ts";
import { doneRecordIds, tallyRuns } from "../batch-photo.ts";
import { batchPrice } from "../batch-price.ts";
import { useBatchPhotos } from "./use-batch-photos.ts";
import { useBatchRun } from "./use-batch-run.ts";
import { useDownloadAll } from "./use-download-all.ts";

/** What the studio's form held when several photos were picked there: the batch starts from it. */
export type StudioForm = Partial<GenerationSettings>;

export type BatchDialog = "login" | "subscription" | null;

type FormErrors = { photos: string | null; prompt: string | null; tokens: string | null };
const NO_ERRORS: FormErrors = { photos: null, prompt: null, tokens: null };

/**
 * The batch (issue 14, point 6): up to twenty photos, one prompt and one set of settings, the
 * studio's checks against the whole batch's price, then each photo's job and Download all.
 */
export function useBatch() {
  const { session, user, tokenCount } = useSession();
  const photos = useBatchPhotos();
  const run = useBatchRun();
  const archive = useDownloadAll();
  const [open, setOpen] = useState(false);
  const settings = useGenerationSettings();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [dialog, setDialog] = useState<BatchDialog>(null);

  const { add, clear } = photos;
  const { reset: resetRun } = run;
  const { reset: resetArchive } = archive;
  const { prompt, method, shadow, aspect, relightProduct, exactProduct } = settings;
  const { setPrompt: setPromptValue, setMethod, setShadow, setAspect: setAspectValue } = settings;
  const { setRelightProduct, setExactProduct } = settings;

  /** Opens the batch with these photos and the studio's form as it was. */
  const begin = useCallback(
    (files: readonly File[], form: StudioForm = {}) => {
      clear();
      resetRun();
      resetArchive();
      setPromptValue(form.prompt ?? "");
      setMethod(form.method ?? DEFAULT_METHOD);
      setShadow(form.shadow ?? DEFAULT_SHADOW_STYLE);
      setAspectValue(form.aspect ?? DEFAULT_ASPECT);
      setRelightProduct(form.relightProduct ?? false);
      setExactProduct(form.exactProduct ?? null);
      setErrors(NO_ERRORS);
      setOpen(true);
      void add(files);
    },
    [
      add,
      clear,
      resetRun,
      resetArchive,
      setPromptValue,
      setMethod,
      setShadow,
      setAspectValue,
      setRelightProduct,
      setExactProduct,
    ],
  );

  /** Back to the studio: the photos and the batch's progress are dropped. */
  const close = useCallback(() => {
    clear();
    resetRun();
    resetArchive();
    setOpen(false);
  }, [clear, resetRun, resetArchive]);

  const price = batchPrice(photos.photos, aspect);
  const expired = isSubscriptionExpired(user);
  const tally = tallyRuns(photos.photos, run.runs);

  const setPrompt = (value: string) => {
    setPromptValue(value);
    if (value.trim()) setErrors((now) => ({ ...now, prompt: null }));
  };
  // The token message is about the batch's price: a new price clears it.
  const setAspect = (value: Aspect) => {
    setAspectValue(value);
    setErrors((now) => ({ ...now, tokens: null }));
  };
  const addPhotos = (files: readonly File[]) => {
    setErrors(NO_ERRORS);
    void add(files);
  };
  const removePhoto = (id: string) => {
    setErrors((now) => ({ ...now, tokens: null }));
    photos.remove(id);
  };

  /** The studio's checks (SPEC point 5) against the whole batch; true when it started. */
  const submit = (): boolean => {
    if (expired || run.started || photos.checking) return false;
    const check = checkGeneration({
      loggedIn: session !== null,
      user,
      tokenCount,
      hasImage: photos.photos.length > 0,
      prompt,
      cost: price.total,
    });
    setErrors(NO_ERRORS);
    switch (check.kind) {
      case "login":
        setDialog("login");
        return false;
      case "fields":
        setErrors({ ...NO_ERRORS, photos: check.image, prompt: check.prompt });
        if (check.prompt) document.getElementById(PROMPT_INPUT_ID)?.focus();
        return false;
      case "subscription":
        setDialog("subscription");
        return false;
      case "tokens":
        setErrors({ ...NO_ERRORS, tokens: check.message });
        return false;
    }
    run.start(photos.photos, { prompt, method, shadow, aspect, relightProduct, exactProduct });
    return true;
  };

  return {
    open,
    begin,
    close,
    photos: photos.photos,
    checking: photos.checking,
    notice: photos.notice,
    addPhotos,
    removePhoto,
    ...settings,
    setPrompt,
    setAspect,
    errors,
    price,
    tokenCount: session ? tokenCount : null,
    expired,
    dialog,
    setDialog,
    submit,
    started: run.started,
    runs: run.runs,
    tally,
    retry: run.retry,
    retryFailed: () =>
      run.retry(photos.photos.filter((photo) => run.runs[photo.id]?.status === "failed")),
    downloadAll: () => void archive.download(doneRecordIds(photos.photos, run.runs)),
    archive: { busy: archive.busy, error: archive.error },
  };
}

export type Batch = ReturnType<typeof useBatch>;
