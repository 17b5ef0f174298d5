/** Bad uploads answer a clean 4xx with the spec's message and store nothing. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import {
  type Answer,
  errorOf,
  got,
  header,
  multipart,
  type NoAnswer,
  unexpected,
} from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { acceptedCases } from "./accepted-cases.ts";
import { M, rawUpload, stored, upload } from "./common.ts";
import { refusedCases } from "./refused-cases.ts";

type Malformed = {
  name: string;
  send: () => Promise<Answer | NoAnswer>;
  status: number | number[];
  message: string | string[];
  /** Whose storage must stay as it was (the uploader's unless named). */
  who?: User;
};

/** Requests that are not a well-formed upload of one's own photo. */
function malformed(inst: Instance, user: User, victim: User): Malformed[] {
  const png = I.photo("coffee.png");
  const envelopeBroken = [M.imageRequired, M.uploadFailed];
  return [
    {
      name: "multipart without the image field",
      send: () => A.postUpload(inst, user, null),
      status: 400,
      message: M.imageRequired,
    },
    {
      name: "file under another field name",
      send: () => A.postUpload(inst, user, png, { field: "file" }),
      status: 400,
      message: M.imageRequired,
    },
    {
      name: "image sent as a text field",
      send: () => {
        const { body, contentType } = multipart([
          { name: "image", value: png.toString("latin1") },
          { name: "userUid", value: user.id },
        ]);
        return rawUpload(inst, user, body, contentType);
      },
      status: 400,
      message: M.imageRequired,
    },
    {
      name: "userUid missing",
      send: () => A.postUpload(inst, user, png, { userUid: null }),
      status: 400,
      message: M.uidRequired,
    },
    {
      name: "userUid empty",
      send: () => A.postUpload(inst, user, png, { userUid: "" }),
      status: 400,
      message: M.uidRequired,
    },
    {
      name: "another user's userUid",
      send: () => upload(inst, user, png, "p.png", "image/png", victim.id),
      status: 403,
      message: M.forbidden,
    },
    {
      name: "another user's userUid stores nothing for that user either",
      send: () => upload(inst, user, png, "p.png", "image/png", victim.id),
      status: 403,
      message: M.forbidden,
      who: victim,
    },
    {
      name: "JSON body instead of multipart",
      send: () =>
        rawUpload(inst, user, JSON.stringify({ image: "x", userUid: user.id }), "application/json"),
      status: 400,
      message: envelopeBroken,
    },
    {
      name: "multipart with a boundary that does not match",
      send: () => {
        const { body } = multipart([
          { name: "image", filename: "p.png", type: "image/png", data: png },
          { name: "userUid", value: user.id },
        ]);
        return rawUpload(inst, user, body, "multipart/form-data; boundary=nomatch");
      },
      status: 400,
      message: envelopeBroken,
    },
    {
      name: "no content type",
      send: () => rawUpload(inst, user, png),
      status: 400,
      message: envelopeBroken,
    },
    {
      name: "multipart cut off mid-file",
      send: () => {
        const { body, contentType } = multipart([
          { name: "userUid", value: user.id },
          { name: "image", filename: "p.png", type: "image/png", data: png },
        ]);
        return rawUpload(inst, user, body.subarray(0, body.length >> 1), contentType);
      },
      status: [400, 415],
      message: [...envelopeBroken, M.notAnImage],
    },
    {
      name: "visitor",
      send: () => A.postUpload(inst, null, png, { userUid: user.id }),
      status: 401,
      message: M.unauthorized,
    },
    {
      name: "foreign Origin",
      send: () => A.postUpload(inst, user, png, {}, { origin: "https://evil.example" }),
      status: 403,
      message: "Forbidden origin",
    },
  ];
}

function messageIs(answer: Answer | NoAnswer, wanted: string | string[]): boolean {
  return (Array.isArray(wanted) ? wanted : [wanted]).includes(errorOf(answer));
}

export async function badUploads(inst: Instance, cases: Cases): Promise<void> {
  const user = await A.createUser(inst, "uploader");
  const victim = await A.createUser(inst, "victim");

  /** A refusal: status, message, and no row or file stored for the user. */
  async function refused(
    name: string,
    send: () => Promise<Answer | NoAnswer>,
    status: number | number[],
    message: string | string[],
    who = user,
  ) {
    await cases.run(name, async () => {
      const before = await stored(inst, who.id);
      const answer = await send();
      const after = await stored(inst, who.id);
      const wrong = unexpected(answer, status, 120);
      if (wrong) return wrong;
      if (!messageIs(answer, message)) return `message "${errorOf(answer)}"`;
      if (JSON.stringify(after) !== JSON.stringify(before))
        return `stored something: ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
      return true;
    });
  }

  for (const c of refusedCases()) {
    const bytes = await c.bytes();
    await refused(c.name, () => upload(inst, user, bytes, c.filename, c.type), c.status, c.message);
  }
  for (const c of malformed(inst, user, victim)) {
    await refused(c.name, c.send, c.status, c.message, c.who);
  }
  const png = I.photo("coffee.png");
  await cases.run("two files in the image field store at most one", async () => {
    const before = await stored(inst, user.id);
    const { body, contentType } = multipart([
      { name: "image", filename: "a.png", type: "image/png", data: png },
      { name: "image", filename: "b.jpg", type: "image/jpeg", data: I.photo("rocket.jpg") },
      { name: "userUid", value: user.id },
    ]);
    const answer = await rawUpload(inst, user, body, contentType);
    const after = await stored(inst, user.id);
    const added = after.records - before.records;
    if (answer.status === 400 && added === 0) return true;
    if (answer.status === 200 && added === 1) return true;
    return `got ${answer.status} ${answer.status ? answer.text.slice(0, 80) : ""}, ${added} records added`;
  });

  // Odd but valid photos: stored as the docs say.
  for (const c of acceptedCases()) {
    const bytes = await c.bytes();
    await cases.run(`accepted: ${c.name}`, async () => {
      const answer = await upload(
        inst,
        user,
        bytes,
        c.filename ?? "photo.png",
        c.type ?? "image/png",
      );
      if (answer.status !== 200) return `expected 200, got ${got(answer, 120)}`;
      const body = answer.json as { url: string };
      const served = await A.get(inst, new URL(body.url).pathname, user);
      if (served.status !== 200) return `stored file answered ${served.status}`;
      if (header(served, "x-content-type-options") !== "nosniff")
        return "stored file served without nosniff";
      return c.verify(served.body, served, body);
    });
  }
  const after = await stored(inst, user.id);
  cases.check(
    "every stored file has its row and no .partial is left",
    after.files === after.rows,
    JSON.stringify(after),
  );
}
