/**
 * Category 6: the user's rights over their data. GET /api/account/export streams a ZIP
 * (account.json and every image) for its owner only; DELETE /api/account with the password
 * removes the profile, sessions and stored files, the e-mail can sign up again as a new
 * account, and other users are not touched.
 */
import { join } from "node:path";
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, countOf, query, total } from "../lib/db.ts";
import { filesUnder } from "../lib/files.ts";
import { type Answer, errorOf, got, header, type NoAnswer, request } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { zipMember, zipNames } from "../lib/streams.ts";

/** The settings page's messages (issue 26). */
const MSG = {
  passwordRequired: "Please enter your password to delete your account",
  wrongPassword: "The password is not correct",
};

const IMAGE_KINDS = "('original', 'processed', 'upscaled', 'edited')";

function exportOf(inst: Instance, user: User | null) {
  return request(inst.url, "/api/account/export", {
    headers: A.asCookie(user),
    timeoutMs: 120_000,
  });
}

function deleteAccount(inst: Instance, user: User | null, body: unknown) {
  return request(inst.url, "/api/account", {
    method: "DELETE",
    headers: { "content-type": "application/json", ...A.sameOrigin(inst), ...A.asCookie(user) },
    body: JSON.stringify(body),
  });
}

/** The user's images, by their rows. */
async function imageCount(inst: Instance, userId: string) {
  const [row] = await query(
    inst,
    `select count(*) as n from stored_files where user_id = ? and kind in ${IMAGE_KINDS}`,
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** What is kept of a user: rows of every table that names them, and files on disk. */
async function traces(inst: Instance, user: User) {
  const rows = async (sql: string) => Number((await query(inst, sql, [user.id]))[0]?.n ?? 0);
  return {
    user: await rows(`select count(*) as n from "user" where id = ?`),
    sessions: await rows(`select count(*) as n from "session" where "userId" = ?`),
    profile: await countOf(inst, "user_profiles", user.id),
    records: await countOf(inst, "image_records", user.id),
    files: await countOf(inst, "stored_files", user.id),
    onDisk: filesUnder(join(inst.dataDir, "files", "users", user.id)).length,
  };
}

/** The export's account.json, parsed; undefined when it is missing or not JSON. */
function accountJson(zip: Buffer): Record<string, unknown> | undefined {
  const name = zipNames(zip).find((n) => n === "account.json" || n.endsWith("/account.json"));
  const bytes = name ? zipMember(zip, name) : null;
  try {
    return bytes ? (JSON.parse(bytes.toString("utf8")) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A ZIP export of `user`: account.json naming them, and one member per image of theirs. */
async function checkExport(inst: Instance, user: User, answer: Answer | NoAnswer) {
  if (answer.status !== 200) return `expected 200, got ${got(answer, 120)}`;
  const names = zipNames(answer.body);
  const account = accountJson(answer.body);
  const images = names.filter((n) => !n.endsWith(".json") && !n.endsWith("/"));
  const wanted = await imageCount(inst, user.id);
  const wrong: string[] = [];
  if (!header(answer, "content-type").includes("zip"))
    wrong.push(`content-type ${header(answer, "content-type")}`);
  if (!account) wrong.push(`no account.json in ${names.slice(0, 6).join(", ")}`);
  else if (!JSON.stringify(account).includes(user.email))
    wrong.push("account.json lacks the e-mail");
  if (images.length < wanted) wrong.push(`${images.length} images in the ZIP, ${wanted} stored`);
  return wrong.length === 0 ? true : wrong.join("; ");
}

export async function rights(inst: Instance, cases: Cases): Promise<void> {
  const owner = await A.subscriber(inst, "rights-owner", "pro");
  const other = await A.subscriber(inst, "rights-other", "pro");
  const photo = await A.upload(inst, owner, I.photo("coffee.png"));
  await A.upload(inst, owner, I.photo("rocket.jpg"), "rocket.jpg");
  const started = await A.processImage(inst, owner, photo);
  if (started.status === 200) await A.waitForRecord(inst, owner, photo.recordId, 600_000);
  const theirs = await A.upload(inst, other, I.photo("astronaut.png"));

  // Export.
  cases.status("export: a visitor answers 401", await exportOf(inst, null), 401);
  await cases.run("export: the owner gets a ZIP of account.json and every image", async () =>
    checkExport(inst, owner, await exportOf(inst, owner)),
  );
  await cases.run("export: another user's export holds only their own data", async () => {
    const answer = await exportOf(inst, other);
    const verdict = await checkExport(inst, other, answer);
    if (verdict !== true) return verdict;
    return JSON.stringify(accountJson(answer.body)).includes(owner.email)
      ? "holds the owner's e-mail"
      : true;
  });

  // Delete: refused without the right password.
  const otherBefore = {
    traces: await traces(inst, other),
    tokens: total(await balances(inst, other.id)),
  };
  const refusals: [string, User | null, unknown, number[], string?][] = [
    ["a visitor answers 401", null, { password: A.PASSWORD }, [401]],
    ["no password is refused (400)", owner, {}, [400], MSG.passwordRequired],
    [
      "a wrong password is refused",
      owner,
      { password: "Wr0ng!pass" },
      [400, 401, 403],
      MSG.wrongPassword,
    ],
  ];
  for (const [name, who, body, statuses, message] of refusals) {
    await cases.run(`delete: ${name}, nothing removed`, async () => {
      const before = await traces(inst, owner);
      const answer = await deleteAccount(inst, who, body);
      const after = await traces(inst, owner);
      if (!statuses.includes(answer.status))
        return `expected ${statuses.join("/")}, got ${got(answer, 120)}`;
      if (message && errorOf(answer) !== message) return `message "${errorOf(answer)}"`;
      return JSON.stringify(before) === JSON.stringify(after)
        ? true
        : `${JSON.stringify(before)} → ${JSON.stringify(after)}`;
    });
  }

  // Delete with the right password.
  const deleted = await deleteAccount(inst, owner, { password: A.PASSWORD });
  cases.status("delete: the right password deletes the account (200)", deleted, 200);
  await cases.run(
    "delete: the profile, sessions, records, stored files and files on disk are gone",
    async () => {
      const left = await traces(inst, owner);
      return Object.values(left).every((n) => n === 0) ? true : JSON.stringify(left);
    },
  );
  await cases.run("delete: the old session is signed out", async () => {
    const session = await A.get(inst, "/api/identity/get-session", owner);
    const files = await A.get(inst, new URL(photo.url).pathname, owner);
    return A.sessionUserId(session) === undefined && [401, 404].includes(files.status)
      ? true
      : `session user ${A.sessionUserId(session)}, file ${files.status}`;
  });
  await cases.run("delete: the same e-mail signs up again as a new account", async () => {
    const signedUp = await A.signUp(inst, {
      name: "Again",
      email: owner.email,
      password: A.PASSWORD,
    });
    if (signedUp.status !== 200) return `sign-up ${got(signedUp, 120)}`;
    const verified = await A.verifyEmail(inst, owner.email);
    if (verified.status !== 302) return `verification ${verified.status}`;
    const again = A.asUser(await A.signIn(inst, owner.email), "Again");
    const b = await balances(inst, again.id);
    const gallery = await A.get(inst, `/api/images/${again.id}`, again);
    const records = (gallery.json as unknown[] | undefined)?.length;
    return again.id !== owner.id && total(b) === 0 && records === 0
      ? true
      : `id ${again.id === owner.id ? "reused" : "new"}, balance ${JSON.stringify(b)}, ${records} records`;
  });
  await cases.run("delete: another user is not touched", async () => {
    const now = {
      traces: await traces(inst, other),
      tokens: total(await balances(inst, other.id)),
    };
    const session = await A.get(inst, "/api/identity/get-session", other);
    const file = await A.get(inst, new URL(theirs.url).pathname, other);
    return JSON.stringify(now) === JSON.stringify(otherBefore) &&
      A.sessionUserId(session) === other.id &&
      file.status === 200
      ? true
      : `${JSON.stringify(otherBefore)} → ${JSON.stringify(now)}, session ${A.sessionUserId(session)}, file ${file.status}`;
  });
}
