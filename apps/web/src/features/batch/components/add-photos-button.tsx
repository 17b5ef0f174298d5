import { ImagePlus } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { cx } from "../../../lib/cx.ts";

const INPUT_ID = "batch-add-photos";

/** A file input for more photos, drawn as a button; the label is what takes the click. */
export function AddPhotosButton({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  return (
    <div>
      <input
        id={INPUT_ID}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled}
        className="peer sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <label
        htmlFor={INPUT_ID}
        className={cx(
          buttonClasses({ variant: "secondary", size: "sm" }),
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600",
          disabled && "pointer-events-none opacity-55",
        )}
      >
        <ImagePlus aria-hidden="true" />
        Add photos
      </label>
    </div>
  );
}
