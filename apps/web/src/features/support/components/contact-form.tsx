import { MESSAGES, SUPPORT_LIMITS, ZContactRequest } from "@backdrop/shared";
import { Send } from "lucide-react";
import type { z } from "zod";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert, Input, Label, Textarea } from "../../../components/ui/field.tsx";
import { type ContactPayload, sendContactMessage } from "../api.ts";
import { useSupportForm } from "../hooks/use-support-form.ts";
import { CharacterCount } from "./character-count.tsx";

const EMPTY = { name: "", email: "", subject: "", message: "" };

type ContactFormProps = {
  /** Logged-in senders are known to the server, so their email is not asked for. */
  hideEmail?: boolean;
  /** A signed-in sender's name, filled in (and still theirs to change). */
  senderName?: string;
};

export function ContactForm({ hideEmail = false, senderName = "" }: ContactFormProps) {
  const schema = (
    hideEmail ? ZContactRequest.omit({ email: true }) : ZContactRequest
  ) as z.ZodType<ContactPayload>;
  const form = useSupportForm({
    idPrefix: "contact",
    initial: { ...EMPTY, name: senderName },
    schema,
    send: sendContactMessage,
    failedMessage: MESSAGES.contactFailed,
  });

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="contact-form-title"
      className="flex flex-col gap-5"
    >
      <h2 id="contact-form-title" className="sr-only">
        Contact form
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className={hideEmail ? "sm:col-span-2" : undefined}>
          <Label htmlFor={form.idOf("name")}>Name</Label>
          <Input
            {...form.control("name")}
            autoComplete="name"
            maxLength={SUPPORT_LIMITS.name}
            className="mt-2"
          />
        </div>
        {!hideEmail && (
          <div>
            <Label htmlFor={form.idOf("email")}>Email</Label>
            <Input
              {...form.control("email")}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={SUPPORT_LIMITS.email}
              className="mt-2"
            />
          </div>
        )}
      </div>
      <div>
        <Label htmlFor={form.idOf("subject")}>Subject</Label>
        <Input {...form.control("subject")} maxLength={SUPPORT_LIMITS.subject} className="mt-2" />
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <Label htmlFor={form.idOf("message")}>Message</Label>
          <CharacterCount
            id="contact-message-count"
            length={form.values.message.length}
            max={SUPPORT_LIMITS.message}
          />
        </div>
        <Textarea
          {...form.control("message", ["contact-message-count"])}
          maxLength={SUPPORT_LIMITS.message}
          rows={7}
          className="mt-2"
        />
      </div>
      <FormAlert id={form.errorId} message={form.error} />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-subtle">We usually reply within one business day.</p>
        <Button type="submit" loading={form.pending}>
          {!form.pending && <Send aria-hidden="true" />}
          Send message
        </Button>
      </div>
    </form>
  );
}
