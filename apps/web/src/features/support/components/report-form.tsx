import {
  DEFAULT_ISSUE_TYPE,
  ISSUE_TYPES,
  MESSAGES,
  SUPPORT_LIMITS,
  type TReportRequest,
  ZReportRequest,
} from "@backdrop/shared";
import { Send } from "lucide-react";
import type { z } from "zod";
import { Button } from "../../../components/ui/button.tsx";
import {
  FieldHint,
  FormAlert,
  Input,
  Label,
  Select,
  Textarea,
} from "../../../components/ui/field.tsx";
import { sendReport } from "../api.ts";
import { useSupportForm } from "../hooks/use-support-form.ts";
import { CharacterCount } from "./character-count.tsx";
import { OptionalTag } from "./optional-tag.tsx";

const EMPTY = {
  issueType: DEFAULT_ISSUE_TYPE as string,
  description: "",
  attachmentLink: "",
  email: "",
};

type ReportFormProps = {
  /** A signed-in reporter's address, attached unless they clear it: we can answer them. */
  reporterEmail?: string;
};

export function ReportForm({ reporterEmail = "" }: ReportFormProps) {
  const form = useSupportForm({
    idPrefix: "report",
    initial: { ...EMPTY, email: reporterEmail },
    schema: ZReportRequest as z.ZodType<TReportRequest>,
    send: sendReport,
    failedMessage: MESSAGES.reportFailed,
  });

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="report-form-title"
      className="flex flex-col gap-5"
    >
      <h2 id="report-form-title" className="sr-only">
        Report form
      </h2>
      <div>
        <Label htmlFor={form.idOf("issueType")}>Issue type</Label>
        <Select {...form.control("issueType")} className="mt-2">
          {ISSUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <Label htmlFor={form.idOf("description")}>Description</Label>
          <CharacterCount
            id="report-description-count"
            length={form.values.description.length}
            max={SUPPORT_LIMITS.description}
          />
        </div>
        <Textarea
          {...form.control("description", ["report-description-hint", "report-description-count"])}
          maxLength={SUPPORT_LIMITS.description}
          rows={7}
          className="mt-2"
        />
        <FieldHint id="report-description-hint">
          What happened, what you expected, and the steps that lead there.
        </FieldHint>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <Label htmlFor={form.idOf("attachmentLink")}>Attachment link</Label>
          <OptionalTag id="report-attachment-optional" />
        </div>
        <Input
          {...form.control("attachmentLink", [
            "report-attachment-optional",
            "report-attachment-hint",
          ])}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={SUPPORT_LIMITS.attachmentLink}
          className="mt-2"
        />
        <FieldHint id="report-attachment-hint">
          A link to a screenshot or screen recording, starting with https://
        </FieldHint>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <Label htmlFor={form.idOf("email")}>Email</Label>
          <OptionalTag id="report-email-optional" />
        </div>
        <Input
          {...form.control("email", ["report-email-optional", "report-email-hint"])}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={SUPPORT_LIMITS.email}
          className="mt-2"
        />
        <FieldHint id="report-email-hint">
          Leave it if you would like us to get back to you.
        </FieldHint>
      </div>
      <FormAlert id={form.errorId} message={form.error} />
      <div className="flex justify-end">
        <Button type="submit" loading={form.pending}>
          {!form.pending && <Send aria-hidden="true" />}
          Send report
        </Button>
      </div>
    </form>
  );
}
