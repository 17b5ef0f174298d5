import { useEffect, useRef } from "react";
import type { useImagePicker } from "../photo/use-image-picker.ts";
import type { GenerationSettingsState } from "../settings/use-generation-settings.ts";
import { type StudioDraft, saveDraft, takeDraft } from "./studio-draft.ts";

type DraftForm = {
  /** A visitor's draft waits for their login; a logged-in user gets it back. */
  loggedIn: boolean;
  picker: ReturnType<typeof useImagePicker>;
  settings: GenerationSettingsState;
  takes: number;
  setTakes: (value: number) => void;
};

/**
 * Nothing lost across login: `save` keeps the form as it is when Login Required opens, and
 * once the studio has a logged-in user the kept photo, prompt and choices are filled back in.
 */
export function useStudioDraft(form: DraftForm) {
  const { loggedIn, picker, takes } = form;
  const { prompt, method, shadow, aspect, relightProduct } = form.settings;
  const latest = useRef(form);
  latest.current = form;
  const mounted = useRef(false);
  const taken = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    // Once per studio: taking deletes the draft, and StrictMode runs effects twice.
    if (!loggedIn || taken.current) return;
    taken.current = true;
    void takeDraft().then((draft) => {
      if (draft && mounted.current) restore(latest.current, draft);
    });
  }, [loggedIn]);

  const save = () =>
    void saveDraft({
      photo: picker.image?.file ?? null,
      prompt,
      method,
      shadow,
      aspect,
      takes,
      relightProduct,
    });
  return { save };
}

function restore(form: DraftForm, draft: StudioDraft) {
  // A photo or prompt chosen while the draft was being read wins over it.
  const { settings } = form;
  if (form.picker.image || form.picker.checking || settings.prompt) return;
  // Through the picker, so the photo is checked and its size and cost are shown.
  if (draft.photo) void form.picker.pick(draft.photo);
  settings.setPrompt(draft.prompt);
  settings.setMethod(draft.method);
  settings.setShadow(draft.shadow);
  settings.setAspect(draft.aspect);
  settings.setRelightProduct(draft.relightProduct ?? false);
  form.setTakes(draft.takes);
}
