import { DOWNLOAD_FORMATS, isDownloadFormat } from "@backdrop/shared";
import { cx } from "../../lib/cx.ts";
import { DOWNLOAD_FORMAT_LABELS, useDownloadFormat } from "../../lib/download-format.ts";
import { Select } from "./field.tsx";

/**
 * The format downloads are made in, beside a Download button: PNG, JPEG or WebP, remembered in
 * this browser and the same beside every Download.
 */
export function DownloadFormatSelect({ className }: { className?: string }) {
  const [format, setFormat] = useDownloadFormat();
  return (
    <div className={cx("w-[6.5rem] shrink-0", className)}>
      <Select
        aria-label="Download format"
        title="Download format"
        value={format}
        onChange={(event) => {
          if (isDownloadFormat(event.target.value)) setFormat(event.target.value);
        }}
        className="rounded-full border-line-strong pl-4 text-sm font-semibold"
      >
        {DOWNLOAD_FORMATS.map((option) => (
          <option key={option} value={option}>
            {DOWNLOAD_FORMAT_LABELS[option]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** "Transparent PNG", or "Transparent WebP": a cut-out keeps its alpha (JPEG has none). */
export function useTransparentLabel(): string {
  const [format] = useDownloadFormat();
  return format === "webp" ? "Transparent WebP" : "Transparent PNG";
}
