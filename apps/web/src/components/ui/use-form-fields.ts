import { useState } from "react";

/** A form's one message and the fields it is about (none for a message about the whole form). */
export type FormFieldsProblem<F extends string> = { message: string; fields: F[] };

/**
 * Values, the form's one message and the invalid fields of a form of text controls. Fixing
 * the fields a message is about clears it; a message about no field stays until the next try.
 */
export function useFormFields<F extends string>(idPrefix: string, initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<F>>(new Set());

  const idOf = (field: F) => `${idPrefix}-${field}`;
  const errorId = `${idPrefix}-error`;

  const showProblem = ({ message, fields }: FormFieldsProblem<F>) => {
    setError(message);
    setInvalid(new Set(fields));
    const first = fields.find((field) => field in values);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const clearProblem = () => {
    setError(null);
    setInvalid(new Set());
  };

  const setValue = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid.has(field)) {
      const rest = new Set(invalid);
      rest.delete(field);
      setInvalid(rest);
      if (rest.size === 0) setError(null);
    }
  };

  const reset = () => {
    setValues(initial);
    clearProblem();
  };

  /** Props that tie a control to its value, its validity and the form's message. */
  const control = (field: F, describedBy: (string | false | undefined)[] = []) => {
    const isInvalid = invalid.has(field);
    const ids = [...describedBy, isInvalid && errorId].filter(Boolean).join(" ");
    return {
      id: idOf(field),
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => setValue(field, event.target.value),
      "aria-invalid": isInvalid || undefined,
      "aria-describedby": ids || undefined,
    };
  };

  return { values, error, errorId, idOf, control, showProblem, clearProblem, reset };
}
