/** A small HTTP client for the product-path benchmark: a user who signs up, pays and generates. */
import {
  findTokenPack,
  type TImageRecord,
  ZCheckoutSessionResponse,
  ZImageRecord,
} from "@backdrop/shared";

export type Session = { base: string; cookie: string; userId: string };

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** Signs a new user up, follows the link from the dev mailbox, and signs in. */
export async function signedInUser(base: string): Promise<Session> {
  const headers = { "content-type": "application/json", origin: base };
  const email = `bench-${Date.now()}@example.com`;
  const password = "Bench-password-123!";
  await ok(
    await fetch(`${base}/api/identity/sign-up/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password, name: "Bench" }),
    }),
    "sign-up",
  );
  const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as {
    to: string;
    links: string[];
  }[];
  const link = mails.find((mail) => mail.to === email)?.links.find((l) => l.includes("verify"));
  if (!link) throw new Error("no verification link");
  await fetch(link, { redirect: "manual" });
  const signIn = await ok(
    await fetch(`${base}/api/identity/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    }),
    "sign-in",
  );
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { base, cookie: cookiesOf(signIn), userId: user.id };
}

function call(session: Session, path: string, init: RequestInit = {}) {
  return fetch(`${session.base}${path}`, {
    ...init,
    headers: { origin: session.base, cookie: session.cookie, ...init.headers },
  });
}

function postJson(session: Session, path: string, body: unknown) {
  return call(session, path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Pays a checkout the server opened, on the sandbox's hosted page. */
async function payCheckout(session: Session, opened: Response): Promise<void> {
  const { sessionId } = ZCheckoutSessionResponse.parse(await opened.json());
  await call(session, `/sandbox/checkout/${sessionId}/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
}

/** Subscribes through the sandbox's hosted checkout, as the pricing page does. */
export async function subscribe(session: Session, planId: string): Promise<void> {
  const body = { uid: session.userId, planId };
  const opened = await postJson(session, "/api/payment/create-subscription", body);
  await payCheckout(session, await ok(opened, "create-subscription"));
}

/** Buys the token pack of `tokens` (an elite subscriber's extra tokens) at its listed price. */
export async function buyTokens(session: Session, tokens: number): Promise<void> {
  const pack = findTokenPack(tokens);
  if (!pack) throw new Error(`no token pack of ${tokens}`);
  const body = { uid: session.userId, tokenCount: tokens, amount: pack.priceCents / 100 };
  const opened = await postJson(session, "/api/payment/create-checkout-session", body);
  await payCheckout(session, await ok(opened, "create-checkout-session"));
}

export async function upload(session: Session, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), "photo");
  form.append("userUid", session.userId);
  const res = await ok(
    await call(session, "/api/fal/upload", { method: "POST", body: form }),
    "upload",
  );
  return (await res.json()) as { url: string; savedBaseImage: { _id: string } };
}

export async function startProcessing(
  session: Session,
  uploaded: { url: string; savedBaseImage: { _id: string } },
  prompt: string,
  method: "realtime" | "queue",
) {
  await ok(
    await postJson(session, "/api/fal/process", {
      prompt,
      imageUrl: uploaded.url,
      savedRecordId: uploaded.savedBaseImage._id,
      userUid: session.userId,
      options: {},
      processingMethod: method,
    }),
    "process",
  );
}

/** Reads the record's server-sent events until it ends; resolves with the last record. */
export function recordEnds(session: Session, recordId: string): Promise<TImageRecord> {
  return recordWhen(
    session,
    recordId,
    (record) => record.status === "completed" || record.status === "failed",
  );
}

/** Reads the record's server-sent events until one shows `ready`; resolves with that record. */
export async function recordWhen(
  session: Session,
  recordId: string,
  ready: (record: TImageRecord) => boolean,
): Promise<TImageRecord> {
  const res = await ok(await call(session, `/api/fal/images/${recordId}/events`), "events");
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("no event stream");
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended before the job");
      buffer += value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split("\n").find((line) => line.startsWith("data:"));
        // The stream opens with an event that only sets the reconnection delay.
        const json = data?.slice(5).trim();
        if (!json) continue;
        const record = ZImageRecord.parse(JSON.parse(json));
        if (ready(record)) return record;
      }
    }
  } finally {
    await reader.cancel();
  }
}
