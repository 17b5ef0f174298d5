export const PASSWORD_MIN_LENGTH = 8;
/** better-auth's own ceiling; longer inputs only make hashing slower. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*";

export type PasswordRuleId = "length" | "digit" | "special" | "uppercase" | "lowercase";

export type PasswordRule = {
  id: PasswordRuleId;
  /** The checklist line the sign-up form shows beside the field. */
  label: string;
  test(password: string): boolean;
};

/** SPEC point 5: the sign-up and reset rules, in the order the checklist shows them. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: "length",
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (password) => Array.from(password).length >= PASSWORD_MIN_LENGTH,
  },
  { id: "digit", label: "A number", test: (password) => /[0-9]/.test(password) },
  {
    id: "special",
    label: `A special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    test: (password) => /[!@#$%^&*]/.test(password),
  },
  { id: "uppercase", label: "An uppercase letter", test: (password) => /\p{Lu}/u.test(password) },
  { id: "lowercase", label: "A lowercase letter", test: (password) => /\p{Ll}/u.test(password) },
];

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}
