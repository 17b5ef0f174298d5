import { MESSAGES } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import {
  loginProblem,
  newPasswordProblem,
  resetEmailProblem,
  signUpProblem,
} from "./validation.ts";

const good = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  password: "Str0ng!pass",
  confirmPassword: "Str0ng!pass",
};

describe("sign-up checks, in the spec's order", () => {
  it("names every empty field first, whatever else is wrong", () => {
    expect(signUpProblem({ ...good, name: "  ", email: "bad", confirmPassword: "" })).toEqual({
      message: MESSAGES.allFieldsRequired,
      fields: ["name", "confirmPassword"],
    });
  });

  it("then the email pattern, then the match, then the strength", () => {
    const weakAndBad = { ...good, email: "ada@example", password: "weak", confirmPassword: "x" };
    expect(signUpProblem(weakAndBad)?.message).toBe(MESSAGES.invalidEmail);
    expect(signUpProblem({ ...weakAndBad, email: good.email })).toEqual({
      message: MESSAGES.passwordsDoNotMatch,
      fields: ["confirmPassword"],
    });
    expect(signUpProblem({ ...good, password: "weak", confirmPassword: "weak" })).toEqual({
      message: MESSAGES.weakPassword,
      fields: ["password"],
    });
    expect(signUpProblem(good)).toBeNull();
  });
});

describe("other account forms", () => {
  it("login needs both fields and a valid email", () => {
    expect(loginProblem({ email: "", password: "" })?.message).toBe(MESSAGES.allFieldsRequired);
    expect(loginProblem({ email: "ada", password: "x" })?.message).toBe(MESSAGES.invalidEmail);
    expect(loginProblem({ email: "ada@example.com", password: "x" })).toBeNull();
  });

  it("forgot password asks for the email, then checks it", () => {
    expect(resetEmailProblem(" ")?.message).toBe(MESSAGES.emailRequired);
    expect(resetEmailProblem("ada@")?.message).toBe(MESSAGES.invalidEmail);
    expect(resetEmailProblem("ada@example.com")).toBeNull();
  });

  it("a new password follows the sign-up rules", () => {
    expect(newPasswordProblem({ password: "", confirmPassword: "" })?.message).toBe(
      MESSAGES.allFieldsRequired,
    );
    expect(newPasswordProblem({ password: "a", confirmPassword: "b" })?.message).toBe(
      MESSAGES.passwordsDoNotMatch,
    );
    expect(newPasswordProblem({ password: "abc", confirmPassword: "abc" })?.message).toBe(
      MESSAGES.weakPassword,
    );
  });
});
