import { Coins, Sparkles } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useSession } from "../../auth/session.ts";
import { useImagePicker } from "../hooks/use-image-picker.ts";
import { DEFAULT_METHOD, type ProcessingMethod } from "../processing-method.ts";
import { generationCost, TOKENS_PER_MEGAPIXEL } from "../token-cost.ts";
import { ImagePicker } from "./image-picker.tsx";
import { LoginRequiredDialog } from "./login-required-dialog.tsx";
import { MethodPicker } from "./method-picker.tsx";
import { PromptField } from "./prompt-field.tsx";
import { ResultStage } from "./result-stage.tsx";

export function StudioPanel() {
  const { session } = useSession();
  const picker = useImagePicker();
  const [prompt, setPrompt] = useState("");
  const [method, setMethod] = useState<ProcessingMethod>(DEFAULT_METHOD);
  const [loginRequired, setLoginRequired] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC point 5: generating needs a login before anything else is checked.
    if (!session) {
      setLoginRequired(true);
    }
    // Signed-in generation arrives together with accounts and the generation API.
  };

  const image = picker.image;

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby="studio-title"
      noValidate
      className="rounded-panel border border-line bg-surface p-4 shadow-panel sm:p-6 lg:p-8"
    >
      <h2 id="studio-title" className="sr-only">
        Studio
      </h2>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-10">
        <div className="flex flex-col gap-7">
          <ImagePicker picker={picker} />
          <PromptField value={prompt} onChange={setPrompt} />
          <MethodPicker value={method} onChange={setMethod} />
          <div>
            <Button type="submit" variant="accent" size="lg" block>
              <Sparkles aria-hidden="true" />
              Generate
            </Button>
            <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-ink-subtle">
              <Coins aria-hidden="true" className="size-3.5" />
              {image
                ? `This photo costs ${generationCost(image.width, image.height)} tokens`
                : `${TOKENS_PER_MEGAPIXEL} tokens per megapixel of your photo`}
            </p>
          </div>
        </div>
        <ResultStage />
      </div>
      <LoginRequiredDialog open={loginRequired} onOpenChange={setLoginRequired} />
    </form>
  );
}
