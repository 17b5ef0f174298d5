import { GENERATION_MESSAGES, smallPhotoWarning } from "@backdrop/shared";
import { Minimize2, TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { useImagePicker } from "./use-image-picker.ts";

type PhotoNoticeProps = {
  picker: ReturnType<typeof useImagePicker>;
  /** The picker's own refusal, or Generate's "select an image". */
  error: string | null;
  id: string;
};

/**
 * What the picker has to say under the photo, read out as it appears: why a file was refused
 * (with "Resize to fit" when it is only too large), or the warning about a small photo with the
 * seller's choice to use it or not.
 */
export function PhotoNotice({ picker, error, id }: PhotoNoticeProps) {
  const { small } = picker;
  return (
    <div id={id} role="alert" className="mt-2 empty:hidden">
      {error && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-sm font-medium text-danger-600">{error}</p>
          {picker.resizable && !picker.checking && (
            <Button variant="secondary" size="sm" onClick={picker.resizeToFit}>
              <Minimize2 aria-hidden="true" />
              {GENERATION_MESSAGES.resizeToFit}
            </Button>
          )}
        </div>
      )}
      {small && (
        <div className="rounded-xl border border-warning-600/30 bg-warning-50 p-3">
          <p className="flex gap-2 text-sm text-ink">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning-600" />
            <span>{smallPhotoWarning(small.width, small.height)}</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2 pl-6">
            <Button variant="primary" size="sm" onClick={picker.keepSmall}>
              Continue
            </Button>
            <Button variant="secondary" size="sm" onClick={picker.dropSmall}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
