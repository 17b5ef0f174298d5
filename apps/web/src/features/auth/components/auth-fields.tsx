import { PASSWORD_MAX_LENGTH } from "@backdrop/shared";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Input, Label } from "../../../components/ui/field.tsx";
import { PasswordInput } from "./password-input.tsx";

/** What `form.control(field)` gives: the control's id, value, handler and validity. */
type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { id: string };

/** The labelled email control of the account forms. */
export function EmailField(props: ControlProps) {
  return (
    <div>
      <Label htmlFor={props.id}>Email</Label>
      <Input
        {...props}
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        className="mt-2"
      />
    </div>
  );
}

type PasswordFieldProps = ControlProps & {
  label: string;
  /** Names the show/hide button, e.g. "Show password". */
  toggleLabel: string;
  autoComplete: "current-password" | "new-password";
  /** Shown beside the label, e.g. a link. */
  aside?: ReactNode;
  /** Shown under the control, e.g. the password rules. */
  children?: ReactNode;
};

/** A labelled password control of the account forms, with its show/hide button. */
export function PasswordField({ label, aside, children, ...control }: PasswordFieldProps) {
  const labelled = <Label htmlFor={control.id}>{label}</Label>;
  return (
    <div>
      {aside ? (
        <div className="flex items-baseline justify-between gap-4">
          {labelled}
          {aside}
        </div>
      ) : (
        labelled
      )}
      <PasswordInput {...control} maxLength={PASSWORD_MAX_LENGTH} className="mt-2" />
      {children}
    </div>
  );
}
