import { randomBytes } from "node:crypto";
import { query } from "./db.ts";
import { type Answer, cookiesOf, multipart, type NoAnswer, request, sleep } from "./http.ts";
import type { Instance } from "./instance.ts";

export const PASSWORD = "Str0ng!pass";

export type User = { id: string; email: string; name: string; cookie: string; token: string };

export type MailEntry = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  createdAt: string | number;
};

/** Origin of the instance's own pages, which every state-changing request carries. */
export const sameOrigin = (inst: Instance) => ({ origin: inst.url });
export const asCookie = (user: User | null) => (user ? { cookie: user.cookie } : {});
export const asBearer = (user: User) => ({ authorization: `Bearer ${user.token}` });

export function uniqueEmail(tag: string): string {
  return `${tag}-${randomBytes(4).toString("hex")}@review.example`;
}

/** GET with the user's cookie (or none). */
export function get(inst: Instance, path: string, user: User | null = null, headers = {}) {
  return request(inst.url, path, { headers: { ...asCookie(user), ...headers } });
}

/** A JSON POST from the app's own page, as the user (or a visitor). */
export function postJson(
  inst: Instance,
  path: string,
  body: unknown,
  user: User | null = null,
  headers: Record<string, string | undefined> = {},
  localAddress?: string,
) {
  return request(inst.url, path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...sameOrigin(inst),
      ...asCookie(user),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...(localAddress ? { localAddress } : {}),
  });
}

/** A form POST (sandbox pages) from the app's own page. */
export function postForm(
  inst: Instance,
  path: string,
  form: string,
  user: User | null,
  headers = {},
) {
  return request(inst.url, path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...sameOrigin(inst),
      ...asCookie(user),
      ...headers,
    },
    body: form,
  });
}

export async function mailbox(inst: Instance): Promise<MailEntry[]> {
  const answer = await request(inst.url, "/api/dev/mailbox");
  if (answer.status !== 200) throw new Error(`mailbox answered ${answer.status}`);
  return answer.json as MailEntry[];
}

export async function mailsTo(inst: Instance, email: string): Promise<MailEntry[]> {
  return (await mailbox(inst)).filter((mail) => mail.to === email.toLowerCase());
}

export function signUp(
  inst: Instance,
  body: Record<string, unknown>,
  headers = {},
  localAddress?: string,
) {
  return postJson(inst, "/api/identity/sign-up/email", body, null, headers, localAddress);
}

export function signIn(
  inst: Instance,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
  localAddress?: string,
) {
  return postJson(
    inst,
    "/api/identity/sign-in/email",
    { email, password },
    null,
    headers,
    localAddress,
  );
}

/** The session token without its signature, as revoke-session takes it. */
export const rawToken = (user: User) => user.token.split(".")[0] ?? "";

/** The id of the user a get-session answer names (undefined when signed out). */
export const sessionUserId = (answer: Answer | NoAnswer) =>
  (answer.json as { user?: { id: string } } | null)?.user?.id;

/** The Set-Cookie line of the session cookie ("" when there is none). */
export function sessionCookie(answer: Answer | NoAnswer): string {
  const set = answer.status ? (answer.headers["set-cookie"] ?? []) : [];
  return set.find((cookie) => cookie.includes("session_token")) ?? "";
}

export function asUser(answer: Answer | NoAnswer, name: string): User {
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  const body = answer.json as { user: { id: string; email: string } };
  const token = answer.headers["set-auth-token"];
  return {
    id: body.user.id,
    email: body.user.email,
    name,
    cookie: cookiesOf(answer),
    token: Array.isArray(token) ? (token[0] ?? "") : (token ?? ""),
  };
}

/** Opens the verification link of the newest verification mail to `email`. */
export async function verifyEmail(inst: Instance, email: string): Promise<Answer | NoAnswer> {
  const mail = (await mailsTo(inst, email)).find((entry) =>
    entry.links.some((link) => link.includes("/verify-email")),
  );
  const link = mail?.links.find((entry) => entry.includes("/verify-email"));
  if (!link) throw new Error(`no verification mail for ${email}`);
  const url = new URL(link);
  return request(inst.url, `${url.pathname}${url.search}`);
}

/** Signs up, follows the verification link from the outbox, signs in. */
export async function createUser(
  inst: Instance,
  tag: string,
  name = `Review ${tag}`,
): Promise<User> {
  const email = uniqueEmail(tag);
  const signedUp = await signUp(inst, { name, email, password: PASSWORD });
  if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}`);
  const verified = await verifyEmail(inst, email);
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  return asUser(await signIn(inst, email), name);
}

/**
 * A signed-in user whose address is then marked unverified in the database: better-auth gives
 * no session before verification, so this is how a session of an unverified user is made.
 */
export async function unverifiedSession(inst: Instance): Promise<User> {
  const user = await createUser(inst, "unverified");
  const falsy = inst.dialect === "postgres" ? false : 0;
  await query(inst, `update "user" set "emailVerified" = ? where id = ?`, [falsy, user.id]);
  return user;
}

export type Plan = "starter" | "pro" | "elite";

export async function createSubscription(inst: Instance, user: User, planId: Plan) {
  return postJson(inst, "/api/payment/create-subscription", { uid: user.id, planId }, user);
}

export function pay(inst: Instance, user: User | null, sessionId: string, headers = {}) {
  return postForm(inst, `/sandbox/checkout/${sessionId}/pay`, "", user, headers);
}

/** Subscribes through the sandbox's hosted checkout, as a browser would. */
export async function subscribe(inst: Instance, user: User, planId: Plan): Promise<void> {
  const created = await createSubscription(inst, user, planId);
  if (created.status !== 200) throw new Error(`create-subscription answered ${created.status}`);
  const { sessionId } = created.json as { sessionId: string };
  const paid = await pay(inst, user, sessionId);
  if (paid.status !== 303) throw new Error(`pay answered ${paid.status}`);
}

/** A verified user subscribed to `plan`. */
export async function subscriber(inst: Instance, tag: string, plan: Plan): Promise<User> {
  const user = await createUser(inst, tag);
  await subscribe(inst, user, plan);
  return user;
}

export type Uploaded = { url: string; recordId: string };

export function postUpload(
  inst: Instance,
  user: User | null,
  data: Buffer | null,
  fields: { userUid?: string | null; filename?: string; type?: string; field?: string } = {},
  headers: Record<string, string> = {},
) {
  const parts: Parameters<typeof multipart>[0] = [];
  if (data) {
    parts.push({
      name: fields.field ?? "image",
      filename: fields.filename ?? "photo.png",
      type: fields.type ?? "image/png",
      data,
    });
  }
  if (fields.userUid !== null)
    parts.push({ name: "userUid", value: fields.userUid ?? user?.id ?? "" });
  const { body, contentType } = multipart(parts);
  return request(inst.url, "/api/fal/upload", {
    method: "POST",
    headers: { "content-type": contentType, ...sameOrigin(inst), ...asCookie(user), ...headers },
    body,
  });
}

export async function upload(inst: Instance, user: User, data: Buffer, filename = "photo.png") {
  const answer = await postUpload(inst, user, data, { filename });
  if (answer.status !== 200) throw new Error(`upload answered ${answer.status} ${answer.text}`);
  const body = answer.json as { url: string; savedBaseImage: { _id: string } };
  return { url: body.url, recordId: body.savedBaseImage._id };
}

export function processBody(user: User, uploaded: Uploaded, extra: Record<string, unknown> = {}) {
  return {
    prompt: "on a marble counter, morning light",
    imageUrl: uploaded.url,
    options: {
      background_threshold: 0.67,
      num_inference_steps: 28,
      guidance_scale: 7,
      lowres_denoise: 0.98,
      enable_hr_fix: true,
    },
    savedRecordId: uploaded.recordId,
    userUid: user.id,
    ...extra,
  };
}

export function processImage(inst: Instance, user: User, uploaded: Uploaded, extra = {}) {
  return postJson(inst, "/api/fal/process", processBody(user, uploaded, extra), user);
}

export function upscaleBody(imageUrl: string, savedRecordId: string, userUid: string) {
  return { imageUrl, options: {}, savedRecordId, userUid };
}

export function editBody(
  imageUrl: string,
  imageRecordId: string,
  userUid: string,
  prompt = "make it warmer",
) {
  return { imageUrl, prompt, imageRecordId, userUid };
}

export type RecordView = {
  _id: string;
  status: string;
  stage: string | null;
  error: string | null;
  processedImage: { url: string } | null;
  upscaledImage: { url: string } | null;
  originalImage: { url: string };
};

export async function record(
  inst: Instance,
  user: User,
  recordId: string,
): Promise<RecordView | null> {
  const answer = await get(inst, `/api/fal/images/${recordId}`, user);
  return answer.status === 200 ? (answer.json as RecordView) : null;
}

/** Polls the record until its job ends (completed or failed) or the time is up. */
export async function waitForRecord(
  inst: Instance,
  user: User,
  recordId: string,
  timeoutMs = 120_000,
): Promise<RecordView | null> {
  const deadline = Date.now() + timeoutMs;
  let last: RecordView | null = null;
  while (Date.now() < deadline) {
    last = await record(inst, user, recordId).catch(() => null);
    if (last && (last.status === "completed" || last.status === "failed")) return last;
    await sleep(500);
  }
  return last;
}

/** The user's balance as the API reports it. */
export async function tokens(inst: Instance, user: User): Promise<number> {
  const answer = await get(inst, `/api/auth/get-user-tokens?uid=${user.id}`, user);
  const body = answer.json as { numOfTokens: number; subscriptionTokens: number };
  return body.numOfTokens + body.subscriptionTokens;
}
