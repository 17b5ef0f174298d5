import { SMTPServer } from "smtp-server";

export type ReceivedMail = { envelopeTo: string[]; raw: string };

export type SmtpReceiver = {
  /** The SMTP_URL that delivers to this receiver. */
  url: string;
  /** Every mail accepted so far, oldest first. */
  received: ReceivedMail[];
  close(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1 that keeps what it is sent. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port where no SMTP server listens (it had one a moment ago). */
export function unusedSmtpPort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = new SMTPServer({ disabledCommands: ["STARTTLS"], logger: false });
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.server.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

/** Undoes quoted-printable: soft line breaks and =XX byte escapes (UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ""));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded text/plain part of a mail (the whole body when it is not multipart). */
export function textBody(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const plain =
    parts.find((part) => /content-type:\s*text\/plain/i.test(part.split(/\r?\n\r?\n/)[0] ?? "")) ??
    raw;
  const [head = "", ...rest] = plain.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n").trim();
  return /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body;
}
