import { firstIssueMessage } from "@backdrop/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";

type Values = Record<string, string>;

type SupportFormOptions<V extends Values, T> = {
  /** Prefix of the fields' element ids, e.g. "contact" gives "contact-name". */
  idPrefix: string;
  initial: V;
  schema: z.ZodType<T>;
  send: (payload: T) => Promise<string>;
  failedMessage: string;
};

/**
 * State, validation and submission shared by the contact and report forms: the shared zod
 * schema gives the same first message the server would, and the toasts report the outcome.
 */
export function useSupportForm<V extends Values, T>(options: SupportFormOptions<V, T>) {
  const { idPrefix, initial, schema, send, failedMessage } = options;
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (message) => {
      notifySuccess(message);
      setValues(initial);
    },
    onError: (cause) => {
      notifyError(cause instanceof ApiError ? cause.message : failedMessage);
    },
  });

  const idOf = (field: keyof V & string) => `${idPrefix}-${field}`;
  const errorId = `${idPrefix}-error`;

  const setValue = (field: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid.has(field)) {
      const rest = new Set(invalid);
      rest.delete(field);
      setInvalid(rest);
      if (rest.size === 0) setError(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => String(issue.path[0] ?? ""));
      setError(firstIssueMessage(parsed.error));
      setInvalid(new Set(fields));
      const first = fields.find((field) => field in values);
      if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    setError(null);
    setInvalid(new Set());
    mutation.mutate(parsed.data);
  };

  /** Props that tie a control to its value, its validity and the form's error message. */
  const control = (field: keyof V & string, describedBy: (string | false | undefined)[] = []) => {
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

  return { values, error, errorId, idOf, control, onSubmit, pending: mutation.isPending };
}
