import { type FieldError, invalidField, missingField } from "./fal-replies.ts";

/** How a model declares one input field, enough to answer bad input the way fal does. */
export type FieldRule = {
  type: "string" | "number" | "integer" | "boolean" | "string-list";
  required?: boolean;
  min?: number;
  max?: number;
  oneOf?: readonly string[];
};

export type Input = Record<string, unknown>;

const TYPE_ERRORS: Record<FieldRule["type"], [msg: string, type: string]> = {
  string: ["str type expected", "type_error.str"],
  number: ["value is not a valid float", "type_error.float"],
  integer: ["value is not a valid integer", "type_error.integer"],
  boolean: ["value could not be parsed to a boolean", "type_error.bool"],
  "string-list": ["value is not a valid list of strings", "type_error.list"],
};

function hasType(value: unknown, type: FieldRule["type"]): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "string-list":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
  }
}

function checkField(field: string, value: unknown, rule: FieldRule): FieldError | undefined {
  if (value === undefined || value === null) {
    return rule.required ? missingField(field) : undefined;
  }
  if (!hasType(value, rule.type)) {
    const [msg, type] = TYPE_ERRORS[rule.type];
    return invalidField(field, msg, type);
  }
  const size = Array.isArray(value) ? value.length : value;
  if (typeof size === "number" && rule.min !== undefined && size < rule.min) {
    return invalidField(
      field,
      `ensure this value is greater than or equal to ${rule.min}`,
      "value_error.number.not_ge",
    );
  }
  if (typeof size === "number" && rule.max !== undefined && size > rule.max) {
    return invalidField(
      field,
      `ensure this value is less than or equal to ${rule.max}`,
      "value_error.number.not_le",
    );
  }
  if (rule.oneOf && !rule.oneOf.includes(value as string)) {
    const permitted = rule.oneOf.map((option) => `'${option}'`).join(", ");
    return invalidField(field, `unexpected value; permitted: ${permitted}`, "value_error.const");
  }
  return undefined;
}

/** Every field error of an input, as a 422 `detail` list. Unknown fields are ignored. */
export function checkInput(input: Input, rules: Record<string, FieldRule>): FieldError[] {
  return Object.entries(rules).flatMap(([field, rule]) => {
    const error = checkField(field, input[field], rule);
    return error ? [error] : [];
  });
}
