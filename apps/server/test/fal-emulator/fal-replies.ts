/** One HTTP answer of the emulator. */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** fal's (pydantic style) description of one invalid input field. */
export type FieldError = { loc: (string | number)[]; msg: string; type: string };

export const ok = (body: unknown): Answer => ({ status: 200, body });

/** A model or validation error, as fal answers it: HTTP 422 with `detail` as a list. */
export const unprocessable = (errors: FieldError[]): Answer => ({
  status: 422,
  body: { detail: errors },
});

/** An infrastructure error: flat `detail` plus `error_type`, mirrored in `x-fal-error-type`. */
export function requestError(status: number, detail: string, errorType?: string): Answer {
  return {
    status,
    body: errorType ? { detail, error_type: errorType } : { detail },
    headers: errorType ? { "x-fal-error-type": errorType } : {},
  };
}

export const missingField = (field: string): FieldError => ({
  loc: ["body", field],
  msg: "field required",
  type: "value_error.missing",
});

export const invalidField = (field: string, msg: string, type: string): FieldError => ({
  loc: ["body", field],
  msg,
  type,
});
