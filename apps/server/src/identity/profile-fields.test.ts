import { describe, expect, it } from "vitest";
import { IMAGE_URL_MAX_LENGTH, PROFILE_MESSAGES as M, profileProblem } from "./profile-fields.ts";

describe("profileProblem", () => {
  it("lets absent fields, a cleared picture and values within bounds through", () => {
    expect(profileProblem({})).toBeNull();
    expect(profileProblem({ image: null })).toBeNull();
    expect(profileProblem({ name: "", image: "http://example.com/a.png" })).toBeNull();
    expect(profileProblem({ name: "é".repeat(100) })).toBeNull();
    const longest = `https://example.com/${"a".repeat(IMAGE_URL_MAX_LENGTH - 20)}`;
    expect(longest).toHaveLength(IMAGE_URL_MAX_LENGTH);
    expect(profileProblem({ image: longest })).toBeNull();
  });

  it("names the first field out of bounds, never cutting it to fit", () => {
    expect(profileProblem({ name: "n".repeat(101) })).toBe(M.nameTooLong);
    expect(M.nameTooLong).toBe("Name must be at most 100 characters");
    expect(profileProblem({ name: 42 })).toBe(M.nameNotText);
    expect(profileProblem({ image: `https://example.com/${"a".repeat(2029)}` })).toBe(
      M.imageTooLong,
    );
    expect(M.imageTooLong).toBe("Image must be at most 2,048 characters");
    for (const image of [
      "",
      "example.com/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      7,
    ]) {
      expect(profileProblem({ image })).toBe(M.imageNotALink);
    }
  });
});
