import { isStrongPassword, isValidEmail, MESSAGES } from "@backdrop/shared";

/** The first thing wrong with a form: the message to show and the fields it concerns. */
export type FormProblem<F extends string> = { message: string; fields: F[] };

export type SignUpValues = {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
};
export type LoginValues = { email: string; password: string };
export type NewPasswordValues = { password: string; confirmPassword: string };

/** Names and e-mails are trimmed; a password of spaces is still a password. */
function emptyFields<F extends string>(values: Record<F, string>, trimmed: readonly F[]): F[] {
  return (Object.keys(values) as F[]).filter((field) =>
    trimmed.includes(field) ? values[field].trim() === "" : values[field] === "",
  );
}

function passwordProblem(
  password: string,
  confirmPassword: string,
): FormProblem<"password" | "confirmPassword"> | null {
  if (password !== confirmPassword) {
    return { message: MESSAGES.passwordsDoNotMatch, fields: ["confirmPassword"] };
  }
  if (!isStrongPassword(password)) return { message: MESSAGES.weakPassword, fields: ["password"] };
  return null;
}

/** SPEC point 5 "Sign-up", checked in the spec's order. */
export function signUpProblem(values: SignUpValues): FormProblem<keyof SignUpValues> | null {
  const empty = emptyFields(values, ["name", "email"]);
  if (empty.length > 0) return { message: MESSAGES.allFieldsRequired, fields: empty };
  if (!isValidEmail(values.email)) return { message: MESSAGES.invalidEmail, fields: ["email"] };
  return passwordProblem(values.password, values.confirmPassword);
}

/** SPEC point 5 "Login". */
export function loginProblem(values: LoginValues): FormProblem<keyof LoginValues> | null {
  const empty = emptyFields(values, ["email"]);
  if (empty.length > 0) return { message: MESSAGES.allFieldsRequired, fields: empty };
  if (!isValidEmail(values.email)) return { message: MESSAGES.invalidEmail, fields: ["email"] };
  return null;
}

/** SPEC point 5 "Forgot password", the checks made before asking the server. */
export function resetEmailProblem(email: string): FormProblem<"email"> | null {
  if (email.trim() === "") return { message: MESSAGES.emailRequired, fields: ["email"] };
  if (!isValidEmail(email)) return { message: MESSAGES.invalidEmail, fields: ["email"] };
  return null;
}

/** A new password follows the sign-up rules. */
export function newPasswordProblem(
  values: NewPasswordValues,
): FormProblem<keyof NewPasswordValues> | null {
  const empty = emptyFields(values, []);
  if (empty.length > 0) return { message: MESSAGES.allFieldsRequired, fields: empty };
  return passwordProblem(values.password, values.confirmPassword);
}
