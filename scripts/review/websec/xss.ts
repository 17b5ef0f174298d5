/** XSS: names, messages and prompts come back as JSON data or escaped in mails and pages. */
import * as A from "../lib/actors.ts";
import { bodyOf, errorOf, header } from "../lib/http.ts";
import { photo } from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { IMG, SCRIPT, XSS } from "./common.ts";

/** A name with a payload in it: sign-up, verification and reset mails, the user's own data. */
async function namesInMails(inst: Instance, cases: Cases) {
  for (const [i, payload] of XSS.entries()) {
    const email = A.uniqueEmail(`xss${i}`);
    const signed = await A.signUp(inst, { name: payload, email, password: A.PASSWORD });
    cases.status(`XSS: sign-up with the name ${payload}`, signed, 200);
    const mail = (await A.mailsTo(inst, email))[0];
    cases.check(
      `XSS: the verification mail's HTML escapes the name ${payload}`,
      !!mail?.html && !mail.html.includes(payload) && !/<script|<img/i.test(mail.html),
      mail?.html?.slice(0, 200) ?? "no mail",
    );
    await A.verifyEmail(inst, email);
    const user = A.asUser(await A.signIn(inst, email), payload);
    const me = await A.get(inst, `/api/auth/get-user-by-uid?uid=${user.id}`, user);
    cases.check(
      `XSS: the name comes back as JSON data (${payload})`,
      header(me, "content-type").startsWith("application/json") &&
        (me.json as { name?: string }).name === payload,
      `${header(me, "content-type")} ${bodyOf(me).slice(0, 80)}`,
    );
    await A.postJson(inst, "/api/identity/request-password-reset", {
      email,
      redirectTo: "/reset-password",
    });
    const reset = (await A.mailsTo(inst, email)).find((m) => m.subject.includes("Reset"));
    cases.check(
      `XSS: the reset mail's HTML escapes the name (${payload})`,
      !!reset?.html && !reset.html.includes(payload),
      reset?.html?.slice(0, 120) ?? "no mail",
    );
  }
}

/** Contact and report messages with payloads: escaped in the support mails. */
async function supportMails(inst: Instance, cases: Cases) {
  const sender = await A.createUser(inst, "contact");
  const contact = await A.postJson(
    inst,
    "/api/email/contact",
    {
      name: IMG,
      email: "x@review.example",
      subject: SCRIPT,
      message: `${SCRIPT} ${IMG} <a href="javascript:alert(1)">x</a>`,
    },
    null,
  );
  cases.status("XSS: contact message with script payloads accepted", contact, 200);
  const support = (await A.mailbox(inst)).find((m) => m.subject.startsWith("[Contact]"));
  cases.check(
    "XSS: the support mail's HTML escapes every payload",
    !!support?.html && !/<script|<img|<a href="javascript/i.test(support.html),
    support?.html?.slice(0, 300) ?? "no mail",
  );
  const injected = await A.postJson(
    inst,
    "/api/email/contact",
    {
      name: "x\r\nBcc: victim@evil.example",
      email: "x@review.example",
      subject: "Hi\r\nBcc: victim@evil.example",
      message: "m",
    },
    sender,
  );
  const lastContact = (await A.mailbox(inst)).find(
    (m) => m.subject.startsWith("[Contact]") && m.subject.includes("Hi"),
  );
  cases.check(
    "mail header injection: CR/LF in the contact subject never reach a header",
    injected.status === 400 || (lastContact !== undefined && !/[\r\n]/.test(lastContact.subject)),
    `${injected.status} ${JSON.stringify(lastContact?.subject)}`,
  );
  for (const link of [
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ]) {
    const report = await A.postJson(inst, "/api/email/report", {
      issueType: "Bug Report",
      description: "d",
      attachmentLink: link,
    });
    cases.status(
      `XSS: report attachment link ${link.slice(0, 16)}… refused (400)`,
      report,
      400,
      errorOf(report) === "Please enter a valid link starting with http:// or https://",
    );
  }
  const reportOk = await A.postJson(inst, "/api/email/report", {
    issueType: "Security Issue",
    description: SCRIPT,
    attachmentLink: `https://ok.example/${IMG}`,
  });
  cases.status("XSS: report with script payloads accepted", reportOk, 200);
  const reportMail = (await A.mailbox(inst)).find((m) => m.subject.startsWith("[Security Issue]"));
  cases.check(
    "XSS: the report mail's HTML escapes the description and link",
    !!reportMail?.html && !/<script|<img/i.test(reportMail.html),
    reportMail?.html?.slice(0, 300) ?? "no mail",
  );
}

export async function xss(inst: Instance, cases: Cases) {
  await namesInMails(inst, cases);
  await supportMails(inst, cases);
  const artist = await A.subscriber(inst, "prompt", "starter");
  const uploaded = await A.upload(inst, artist, photo("coffee.png"));
  const started = await A.processImage(inst, artist, uploaded, { prompt: `${SCRIPT} on a table` });
  cases.status("XSS: a prompt with a script is accepted", started, 200);
  const view = await A.get(inst, `/api/fal/images/${uploaded.recordId}`, artist);
  cases.check(
    "XSS: the prompt comes back only as JSON data",
    header(view, "content-type").startsWith("application/json") &&
      (view.json as { prompt?: string }).prompt === `${SCRIPT} on a table`,
    bodyOf(view).slice(0, 120),
  );
  for (const path of [
    `/sandbox/checkout/${encodeURIComponent(SCRIPT)}`,
    `/sandbox/portal/${encodeURIComponent(IMG)}`,
  ]) {
    const page = await A.get(inst, path, artist);
    cases.check(
      `XSS: sandbox page ${path.slice(0, 30)}… does not reflect the id`,
      !bodyOf(page).includes("<script>alert") && !bodyOf(page).includes("onerror=alert"),
      `${page.status}`,
    );
  }
  const spa = await A.get(inst, `/${encodeURIComponent(SCRIPT)}`);
  cases.check(
    "XSS: the page fallback does not reflect the path",
    !bodyOf(spa).includes("alert(1)"),
    `${spa.status}`,
  );
  const apiNotFound = await A.get(inst, `/api/${encodeURIComponent(SCRIPT)}`);
  cases.check(
    "XSS: an unknown API path answers JSON without the path",
    header(apiNotFound, "content-type").startsWith("application/json") &&
      !bodyOf(apiNotFound).includes("alert"),
    bodyOf(apiNotFound),
  );
  // The job of the prompt case ends before the instance stops.
  await A.waitForRecord(inst, artist, uploaded.recordId, 300_000);
}
