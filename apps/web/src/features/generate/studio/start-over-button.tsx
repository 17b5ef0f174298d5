import { RotateCcw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

/**
 * The studio form's first row: the photo, prompt and choices are kept on this device as the
 * seller works, and Start over clears them, with the result shown.
 */
export function StartOverButton({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="-mb-3 flex min-h-9 items-center justify-between gap-3">
      <p className="text-xs font-medium text-ink-subtle">Your work is kept on this device</p>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={onStartOver}
        className="-mr-2 shrink-0"
      >
        <RotateCcw aria-hidden="true" />
        Start over
      </Button>
    </div>
  );
}
