import { RotateCcw, TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

type ResultErrorProps = { message: string; onRetry: () => void };

/** A generation that failed: the reason, and a way to run it again. */
export function ResultError({ message, onRetry }: ResultErrorProps) {
  return (
    <div className="absolute inset-0 flex items-center justify-center p-3 sm:p-5">
      <div className="w-full max-w-sm rounded-2xl bg-surface/95 p-4 shadow-pop ring-1 ring-line backdrop-blur-sm sm:p-5">
        <div className="flex gap-3.5">
          <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-danger-50 min-[26rem]:inline-flex text-danger-600 ring-1 ring-danger-600/15">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="font-sans text-[0.9375rem] font-semibold text-ink">
              We couldn’t create your image
            </h3>
            <p role="alert" className="mt-1 text-sm leading-relaxed text-danger-600">
              {message}
            </p>
          </div>
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="primary" size="sm" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </div>
    </div>
  );
}
