import { DEFAULT_ASPECT, DEFAULT_SHADOW_STYLE, type TImageRecord } from "@backdrop/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { notifyError } from "../../../lib/notify.ts";
import type { useImagePicker } from "../photo/use-image-picker.ts";
import type { PhotoUpload } from "../photo/use-photo-upload.ts";
import { DEFAULT_METHOD } from "../settings/processing-method.ts";
import { DEFAULT_TAKES } from "../settings/takes.ts";
import type { GenerationSettingsState } from "../settings/use-generation-settings.ts";
import { type KeptPhoto, photoOfRecord, photoOfUpload } from "./kept-photo.ts";
import {
  clearDraft,
  type DraftPhoto,
  readDraft,
  type StudioDraft,
  saveDraft,
} from "./studio-draft.ts";

/** Said when a draft's photo was uploaded, and that upload is gone (expired or deleted). */
export const PHOTO_GONE_MESSAGE =
  "The photo you picked earlier is no longer stored. Please choose it again.";

/** A pause in the seller's typing and clicking long enough to keep the draft. */
export const DRAFT_SAVE_DELAY_MS = 300;

type DraftForm = {
  /** The signed-in user, whose draft it is; null for a visitor. */
  uid: string | null;
  /** The session is still being read: whose draft to restore is not known yet. */
  sessionLoading: boolean;
  picker: ReturnType<typeof useImagePicker>;
  upload: PhotoUpload;
  settings: GenerationSettingsState;
  takes: number;
  setTakes: (value: number) => void;
  /** Empties the form and the stage: the user logged out, and their work is theirs alone. */
  onSignedOut: () => void;
};

type Choices = Pick<StudioDraft, "prompt" | "method" | "shadow" | "aspect" | "takes"> & {
  relightProduct: boolean;
  exactProduct: boolean | null;
};

const DEFAULT_CHOICES: Omit<Choices, "prompt"> = {
  method: DEFAULT_METHOD,
  shadow: DEFAULT_SHADOW_STYLE,
  aspect: DEFAULT_ASPECT,
  takes: DEFAULT_TAKES,
  relightProduct: false,
  exactProduct: null,
};

/**
 * Nothing typed or picked is lost: the studio's form is kept as the seller works (a moment
 * after each change, and at once when the studio closes or the page is hidden) and filled back
 * in whenever the studio opens, for the draft's owner, or for whoever logs in after a visitor
 * made it. `fillFromRecord` fills it with a record's photo, prompt and choices instead ("Open in
 * studio"), unless the draft is that record's own work; `discard` ends the draft (Start over).
 */
export function useStudioDraft(form: DraftForm) {
  const { uid, sessionLoading, picker, upload, takes } = form;
  const { prompt, method, shadow, aspect, relightProduct, exactProduct } = form.settings;
  const latest = useRef(form);
  latest.current = form;
  // Nothing is kept before the kept draft was read: the empty form would replace it.
  const [ready, setReady] = useState(false);
  const mounted = useRef(false);
  const kept = useRef<Promise<StudioDraft | null> | null>(null);
  // Each fill of the form counts: a slower photo of an earlier fill is not picked over a later.
  const fills = useRef(0);
  const pending = useRef<StudioDraft | null>(null);
  const signedIn = useRef(uid);
  const skipSave = useRef(false);

  const flush = useCallback(() => {
    const draft = pending.current;
    pending.current = null;
    if (draft) void (isEmpty(draft) ? clearDraft() : saveDraft(draft));
  }, []);

  useEffect(() => {
    mounted.current = true;
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHidden);
      flush();
    };
  }, [flush]);

  const pickKept = useCallback(async (fill: number, photo: Promise<KeptPhoto | "gone" | null>) => {
    const picks = latest.current.picker.picks();
    const found = await photo;
    if (fill !== fills.current || !mounted.current) return;
    // The seller chose a photo while this one was on its way back: theirs wins.
    if (latest.current.picker.picks() !== picks) return;
    if (found === "gone") return notifyError(PHOTO_GONE_MESSAGE);
    if (!found) return;
    const now = latest.current;
    if (found.upload) now.upload.adopt(found.file, found.upload, found.used);
    await now.picker.pick(found.file);
  }, []);

  useEffect(() => {
    // Once per studio (StrictMode runs effects twice), once the session is known.
    if (sessionLoading || kept.current) return;
    const fill = ++fills.current;
    const picks = latest.current.picker.picks();
    const reading = readDraft();
    kept.current = reading;
    void reading.then(async (draft) => {
      const now = latest.current;
      if (draft?.owner && draft.owner !== now.uid) {
        // Another user's: whoever uses the browser now does not see it.
        await clearDraft();
      } else if (draft && fill === fills.current && !chosenMeanwhile(now, picks)) {
        fillChoices(now, draft);
        if (draft.photo) await pickKept(fill, draftPhotoOf(draft.photo, now.uid));
      }
      if (mounted.current) setReady(true);
    });
  }, [sessionLoading, pickKept]);

  useEffect(() => {
    if (signedIn.current && !uid) {
      // Logged out: the draft was theirs; the next person on this browser starts afresh.
      fills.current++;
      pending.current = null;
      skipSave.current = true;
      void clearDraft();
      latest.current.onSignedOut();
    }
    signedIn.current = uid;
  }, [uid]);

  const file = picker.image?.file ?? null;
  const uploaded = upload.photo;
  useEffect(() => {
    if (!ready) return;
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    const photo: DraftPhoto | null = file && {
      name: file.name,
      type: file.type,
      file,
      upload: uploaded && { recordId: uploaded.recordId, url: uploaded.url },
    };
    pending.current = {
      owner: uid,
      photo,
      prompt,
      method,
      shadow,
      aspect,
      takes,
      relightProduct,
      exactProduct,
    };
    const timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [
    ready,
    uid,
    file,
    uploaded,
    prompt,
    method,
    shadow,
    aspect,
    takes,
    relightProduct,
    exactProduct,
    flush,
  ]);

  /** Fills the form with the record's photo, prompt and choices; the draft's own record wins. */
  const fillFromRecord = useCallback(
    async (record: TImageRecord) => {
      const draft = await (kept.current ?? Promise.resolve(null));
      if (draft?.photo?.upload?.recordId === record._id) return;
      const fill = ++fills.current;
      fillChoices(latest.current, {
        ...(record.settings ?? DEFAULT_CHOICES),
        prompt: record.prompt ?? "",
      });
      await pickKept(fill, photoOfRecord(record));
    },
    [pickKept],
  );

  /** Ends the draft: what was kept is forgotten, and a photo on its way back is not picked. */
  const discard = useCallback(() => {
    fills.current++;
    pending.current = null;
    void clearDraft();
  }, []);

  return { fillFromRecord, discard };
}

function isEmpty(draft: StudioDraft): boolean {
  const { owner, photo, prompt, ...choices } = draft;
  return (
    !photo &&
    !prompt.trim() &&
    (Object.keys(DEFAULT_CHOICES) as (keyof typeof DEFAULT_CHOICES)[]).every(
      (key) => choices[key] === DEFAULT_CHOICES[key],
    )
  );
}

/**
 * A photo or prompt chosen while the draft was being read wins over it: a pick counts from the
 * moment it is made, before the photo's checks have loaded.
 */
function chosenMeanwhile(form: DraftForm, picksBefore: number): boolean {
  const { picker, settings } = form;
  return picker.picks() !== picksBefore || picker.image !== null || settings.prompt !== "";
}

function fillChoices(form: DraftForm, choices: Choices) {
  const { settings } = form;
  settings.setPrompt(choices.prompt);
  settings.setMethod(choices.method);
  settings.setShadow(choices.shadow);
  settings.setAspect(choices.aspect);
  settings.setRelightProduct(choices.relightProduct);
  settings.setExactProduct(choices.exactProduct);
  form.setTakes(choices.takes);
}

/**
 * The draft's photo to pick again: by its upload for the user who uploaded it, else by the
 * bytes kept; "gone" when only its upload was kept and the server no longer has it.
 */
async function draftPhotoOf(
  photo: DraftPhoto,
  uid: string | null,
): Promise<KeptPhoto | "gone" | null> {
  if (photo.upload && uid) {
    const fromUpload = await photoOfUpload(photo.upload.recordId, photo.name);
    if (fromUpload) return fromUpload;
  }
  if (photo.file) return { file: photo.file, upload: null, used: false };
  return photo.upload ? "gone" : null;
}
