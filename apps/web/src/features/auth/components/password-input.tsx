import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, useState } from "react";
import { Input } from "../../../components/ui/field.tsx";
import { cx } from "../../../lib/cx.ts";

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  /** Names the show/hide button, e.g. "Show password". */
  toggleLabel: string;
};

/** A password field whose text can be shown while typing, to catch a typo. */
export function PasswordInput({ toggleLabel, className, ...rest }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className={cx("relative", className)}>
      <Input {...rest} type={shown ? "text" : "password"} className="pr-12" />
      <button
        type="button"
        aria-label={toggleLabel}
        aria-pressed={shown}
        aria-controls={rest.id}
        onClick={() => setShown((value) => !value)}
        className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-sunken hover:text-ink"
      >
        {shown ? (
          <EyeOff aria-hidden="true" className="size-[1.125rem]" />
        ) : (
          <Eye aria-hidden="true" className="size-[1.125rem]" />
        )}
      </button>
    </div>
  );
}
