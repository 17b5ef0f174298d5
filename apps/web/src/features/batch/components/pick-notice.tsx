import { Info } from "lucide-react";
import { MAX_BATCH_PHOTOS } from "../batch-limits.ts";
import type { PickNotice as Notice } from "../hooks/use-batch-photos.ts";

function overLimitText(count: number): string {
  return `A batch holds up to ${MAX_BATCH_PHOTOS} photos, so the last ${count === 1 ? "one" : count} you picked ${count === 1 ? "was" : "were"} left out.`;
}

/** What the last pick left out, and why. */
export function PickNotice({ notice }: { notice: Notice | null }) {
  return (
    <div role="status" className="empty:hidden">
      {notice && (
        <div className="flex gap-3 rounded-2xl border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-ink">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
          <div className="min-w-0 space-y-1.5">
            {notice.overLimit > 0 && <p>{overLimitText(notice.overLimit)}</p>}
            {notice.refused.length > 0 && (
              <>
                <p>
                  {notice.refused.length === 1
                    ? "This file was not added:"
                    : "These files were not added:"}
                </p>
                <ul className="space-y-0.5">
                  {notice.refused.map((file, index) => (
                    // the same name can come twice, from two folders
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown as it came and never reordered
                    <li key={index} className="break-words">
                      <span className="font-semibold">{file.name}</span>: {file.message}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
