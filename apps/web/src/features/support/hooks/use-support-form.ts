import { firstIssueMessage } from "@backdrop/shared";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import type { z } from "zod";
import { useFormFields } from "../../../components/ui/use-form-fields.ts";
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
  const form = useFormFields<keyof V & string>(idPrefix, initial);

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (message) => {
      notifySuccess(message);
      form.reset();
    },
    onError: (cause) => {
      notifyError(cause instanceof ApiError ? cause.message : failedMessage);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = schema.safeParse(form.values);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => String(issue.path[0] ?? ""));
      form.showProblem({
        message: firstIssueMessage(parsed.error),
        fields: fields as (keyof V & string)[],
      });
      return;
    }
    form.clearProblem();
    mutation.mutate(parsed.data);
  };

  const { values, error, errorId, idOf, control } = form;
  return { values, error, errorId, idOf, control, onSubmit, pending: mutation.isPending };
}
