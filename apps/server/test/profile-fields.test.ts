import { NAME_MAX_LENGTH } from "@backdrop/shared";
import { betterAuth } from "better-auth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  IMAGE_URL_MAX_LENGTH,
  INVALID_PROFILE_CODE,
  PROFILE_MESSAGES,
} from "../src/identity/profile-fields.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import {
  asCookie,
  PASSWORD,
  SAME_ORIGIN,
  type SignedIn,
  signUp,
  verifiedUser,
} from "./helpers/identity.ts";
import { createTestApp, postJson, type TestApp } from "./helpers/test-app.ts";

const refusal = (message: string) => ({ code: INVALID_PROFILE_CODE, message });
/** An https address of exactly `length` characters. */
const imageUrl = (length: number) => {
  const base = "https://images.example.com/";
  return base + "a".repeat(length - base.length);
};

/**
 * Issue 26, point 1: the display name (at most 100 characters) and the picture (an http(s)
 * address of at most 2,048) are bounded where they enter, on sign-up and update alike, and
 * refused with a 400 when out of bounds, never cut.
 */
describeEachDatabase("profile fields", (database) => {
  let t: TestApp;
  beforeEach(() => {
    t = createTestApp(database.handle());
  });
  afterEach(async () => {
    await t.container.close();
  });

  const userIdOf = (email: string) => t.container.repositories.identity.findUserIdByEmail(email);
  const sent = async () => (await t.container.repositories.mailOutbox.list()).length;
  /** The user row's name and picture, as stored (our schema types leave the picture out). */
  async function stored(column: "id" | "email", value: string) {
    const row = await database
      .handle()
      .db.selectFrom("user")
      .selectAll()
      .where(column, "=", value)
      .executeTakeFirst();
    return row && { name: row.name, image: (row as { image?: unknown }).image };
  }

  describe("sign-up", () => {
    const newcomer = { email: "new@example.com", password: PASSWORD, name: "New" };

    it.each([
      [
        "a name over 100 characters",
        { name: "n".repeat(NAME_MAX_LENGTH + 1) },
        PROFILE_MESSAGES.nameTooLong,
      ],
      [
        "a picture address over 2,048 characters",
        { image: imageUrl(IMAGE_URL_MAX_LENGTH + 1) },
        PROFILE_MESSAGES.imageTooLong,
      ],
      [
        "a picture that is not a web address",
        { image: "javascript:alert(1)" },
        PROFILE_MESSAGES.imageNotALink,
      ],
      [
        "a picture given as its bytes",
        { image: "data:image/png;base64,iVBORw0KGgo=" },
        PROFILE_MESSAGES.imageNotALink,
      ],
    ])("refuses %s, creating nobody and sending nothing", async (_case, fields, message) => {
      const res = await signUp(t.app, { ...newcomer, ...fields });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject(refusal(message));
      expect(await userIdOf(newcomer.email)).toBeUndefined();
      expect(await sent()).toBe(0);
    });

    it("keeps a name of 100 characters and a picture address of 2,048, as given", async () => {
      const name = "n".repeat(NAME_MAX_LENGTH);
      const image = imageUrl(IMAGE_URL_MAX_LENGTH);
      expect((await signUp(t.app, { ...newcomer, name, image })).status).toBe(200);
      expect(await stored("email", newcomer.email)).toEqual({ name, image });
    });
  });

  describe("update-user", () => {
    let ada: SignedIn;
    beforeEach(async () => {
      ada = await verifiedUser(t, "ada@example.com", "Ada");
    });

    const update = (body: Record<string, unknown>) =>
      postJson(t.app, "/api/identity/update-user", body, { ...SAME_ORIGIN, ...asCookie(ada) });
    async function profile() {
      const res = await t.app.request("/api/identity/get-session", { headers: asCookie(ada) });
      const { user } = (await res.json()) as { user: { name: string; image: string | null } };
      return { name: user.name, image: user.image ?? null };
    }

    it.each([
      [
        "a name over 100 characters",
        { name: "n".repeat(NAME_MAX_LENGTH + 1) },
        PROFILE_MESSAGES.nameTooLong,
      ],
      ["a name that is not text", { name: { first: "Ada" } }, PROFILE_MESSAGES.nameNotText],
      [
        "a picture address over 2,048 characters",
        { image: imageUrl(IMAGE_URL_MAX_LENGTH + 1) },
        PROFILE_MESSAGES.imageTooLong,
      ],
      [
        "a picture that is not a web address",
        { image: "ftp://example.com/a.png" },
        PROFILE_MESSAGES.imageNotALink,
      ],
      [
        "a good name with a bad picture",
        { name: "Ada L.", image: "not a link" },
        PROFILE_MESSAGES.imageNotALink,
      ],
    ])("refuses %s and keeps the profile as it was", async (_case, fields, message) => {
      const res = await update(fields);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject(refusal(message));
      expect(await profile()).toEqual({ name: "Ada", image: null });
    });

    it("changes the name and picture within bounds, and clears the picture", async () => {
      const name = "A".repeat(NAME_MAX_LENGTH);
      const image = imageUrl(IMAGE_URL_MAX_LENGTH);
      expect((await update({ name, image })).status).toBe(200);
      expect(await profile()).toEqual({ name, image });
      expect((await update({ image: null })).status).toBe(200);
      expect(await profile()).toEqual({ name, image: null });
    });
  });

  it("holds the same bounds for every other writer of the user row", async () => {
    // A Google sign-in, or any future endpoint, creates and updates users through this adapter.
    const { internalAdapter } = await betterAuth(t.container.identity.options).$context;
    const SOURCE = { method: "email-password" } as const;
    await expect(
      internalAdapter.createUser(
        {
          email: "long@example.com",
          name: "n".repeat(NAME_MAX_LENGTH + 1),
          emailVerified: true,
        },
        SOURCE,
      ),
    ).rejects.toMatchObject({ body: refusal(PROFILE_MESSAGES.nameTooLong) });
    expect(await userIdOf("long@example.com")).toBeUndefined();

    const created = await internalAdapter.createUser(
      {
        email: "fine@example.com",
        name: "Fine",
        emailVerified: true,
      },
      SOURCE,
    );
    await expect(
      internalAdapter.updateUser(created.id, { image: imageUrl(IMAGE_URL_MAX_LENGTH + 1) }),
    ).rejects.toMatchObject({ body: refusal(PROFILE_MESSAGES.imageTooLong) });
    expect(await stored("id", created.id)).toEqual({ name: "Fine", image: null });
  });
});
