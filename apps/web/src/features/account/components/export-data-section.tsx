import { ACCOUNT_MESSAGES } from "@backdrop/shared";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { saveBlob } from "../../../lib/download-image.ts";
import { fetchAccountExport } from "../api.ts";

/** "Export your data": one ZIP of the account and every image, saved as a file. */
export function ExportDataSection() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const { blob, fileName } = await fetchAccountExport();
      saveBlob(blob, fileName);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : ACCOUNT_MESSAGES.exportFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="p-6 sm:p-8" aria-labelledby="export-title">
      <h2 id="export-title" className="text-xl font-bold tracking-tight text-ink">
        Export your data
      </h2>
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">
        One ZIP file with everything your account holds: <code>account.json</code> (your profile,
        your plan and its history, every token movement, the messages you sent us) and every image
        you uploaded or received, named as the studio names its downloads.
      </p>
      <div className="mt-5 flex flex-col gap-3">
        <Button
          variant="secondary"
          className="self-start"
          loading={busy}
          onClick={() => void download()}
        >
          {!busy && <Download aria-hidden="true" />}
          {busy ? "Preparing your data…" : "Download my data"}
        </Button>
        <FormAlert id="export-error" message={error} />
      </div>
    </Card>
  );
}
