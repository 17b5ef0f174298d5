import { Download, Upload } from "lucide-react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { cx } from "../../../lib/cx.ts";

type MaskFilesProps = {
  onUpload: (file: File) => void;
  onDownload: () => void;
  busy: boolean;
};

/** A mask made in another tool, uploaded as it is, and the current one downloaded. */
export function MaskFiles({ onUpload, onDownload, busy }: MaskFilesProps) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Mask file</legend>
      <p className="mt-1 text-xs text-ink-subtle">
        A greyscale PNG the size of the photo: white keeps, black removes.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <label
          className={cx(
            buttonClasses({ variant: "secondary", size: "sm" }),
            "cursor-pointer has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-600",
            busy && "pointer-events-none opacity-55",
          )}
        >
          <Upload aria-hidden="true" />
          Upload a mask
          <input
            type="file"
            accept="image/png"
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) onUpload(file);
            }}
          />
        </label>
        <Button variant="secondary" size="sm" onClick={onDownload} disabled={busy}>
          <Download aria-hidden="true" />
          Download mask
        </Button>
      </div>
    </fieldset>
  );
}
