import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";

/** One HTTP answer, read whole (or up to the first bytes of a stream). */
export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
  ms: number;
  /** Set when no answer came at all (status 0): connection refused, reset, time-out. */
  error?: string;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer | string;
  /** Source address (127.0.0.x), so rate-limit cases do not share a client with other cases. */
  localAddress?: string;
  timeoutMs?: number;
  /** Stop reading after this many bytes and close (SSE streams). */
  readLimit?: number;
  /** Stop reading once the body so far contains this text (SSE streams). */
  readUntil?: string;
};

/** A request that never got an answer: status 0 and `error`. */
export type NoAnswer = Answer;

export function noAnswer(error: string, started: number): Answer {
  return {
    status: 0,
    headers: {},
    body: Buffer.alloc(0),
    text: "",
    json: undefined,
    ms: Date.now() - started,
    error,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Plain node:http, so Host, Origin and proxy headers go out exactly as written. */
export function request(baseUrl: string, path: string, options: RequestOptions = {}) {
  if (options.body !== undefined && Buffer.byteLength(options.body) > 1 << 20) {
    return rawRequest(baseUrl, path, options);
  }
  const url = new URL(path, baseUrl);
  const started = Date.now();
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers[name] = value;
  }
  if (options.body !== undefined && headers["content-length"] === undefined) {
    headers["content-length"] = String(Buffer.byteLength(options.body));
  }
  return new Promise<Answer | NoAnswer>((resolve) => {
    let responded = false;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        // Headers we set ourselves (Host) are sent as given.
        setHost: headers.host === undefined && headers.Host === undefined,
      },
      (res) => {
        responded = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const body = Buffer.concat(chunks);
          const text = body.toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: parseJson(text),
            ms: Date.now() - started,
          });
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          const sofar = options.readUntil ? Buffer.concat(chunks).toString("utf8") : "";
          if (
            (options.readLimit !== undefined && size >= options.readLimit) ||
            (options.readUntil !== undefined && sofar.includes(options.readUntil))
          ) {
            res.removeAllListeners("end");
            finish();
            req.destroy();
          }
        });
        res.on("end", finish);
        res.on("error", () => finish());
      },
    );
    req.setTimeout(options.timeoutMs ?? 60_000, () => {
      req.destroy(new Error("timeout"));
    });
    req.on("error", (error) => {
      // A server that answers early (413) and closes makes our write fail: keep its answer.
      setTimeout(() => {
        if (!responded) resolve(noAnswer(error.message, started));
      }, 300);
    });
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/**
 * HTTP/1.1 over a bare socket, for large bodies: a server that answers early (413) and closes
 * makes node's http client drop the answer with EPIPE; here every byte read is kept.
 */
function rawRequest(
  baseUrl: string,
  path: string,
  options: RequestOptions,
): Promise<Answer | NoAnswer> {
  const url = new URL(path, baseUrl);
  const started = Date.now();
  const body = Buffer.from(options.body ?? "");
  const lines = [
    `${options.method ?? "GET"} ${url.pathname}${url.search} HTTP/1.1`,
    `host: ${url.host}`,
    "connection: close",
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined && name.toLowerCase() !== "host") lines.push(`${name}: ${value}`);
  }
  lines.push(`content-length: ${body.length}`);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({
      host: url.hostname,
      port: Number(url.port),
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    socket.setTimeout(options.timeoutMs ?? 60_000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf("\r\n\r\n");
      if (split < 0) return resolve(noAnswer(error?.message ?? "no answer", started));
      const [statusLine, ...headerLines] = raw.subarray(0, split).toString("latin1").split("\r\n");
      const headers: http.IncomingHttpHeaders = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = raw.subarray(split + 4);
      if (String(headers["transfer-encoding"]).includes("chunked")) {
        const parts: Buffer[] = [];
        for (let at = 0; at < rest.length; ) {
          const eol = rest.indexOf("\r\n", at);
          const size = Number.parseInt(rest.subarray(at, eol).toString("latin1"), 16);
          if (!size) break;
          parts.push(rest.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
        }
        rest = Buffer.concat(parts);
      }
      const text = rest.toString("utf8");
      resolve({
        status: Number(statusLine?.split(" ")[1] ?? 0),
        headers,
        body: rest,
        text,
        json: parseJson(text),
        ms: Date.now() - started,
      });
    };
    // The socket's error (a reset, a time-out) names why no answer came, if none did.
    let failure: Error | undefined;
    socket.on("error", (error) => {
      failure = error;
      setTimeout(() => finish(error), 50);
    });
    socket.on("close", () => finish(failure));
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    // No end(): a Node server closes at once on a half-closed socket; `connection: close` ends it.
    // The body waits a moment after the head, then goes in pieces, each after the last has
    // drained, and stops once an answer starts: a server that refuses by the head alone (413 by
    // Content-Length) answers and closes, which resets the socket, and a write failing on that
    // reset would drop the answer before it is read (an answer already read is kept).
    const PIECE = 64 * 1024;
    const HEAD_START_MS = 500;
    let at = 0;
    const pump = () => {
      while (at < body.length && chunks.length === 0 && !socket.destroyed) {
        const piece = body.subarray(at, at + PIECE);
        at += piece.length;
        if (!socket.write(piece)) return void socket.once("drain", () => setImmediate(pump));
      }
    };
    const early = setTimeout(pump, HEAD_START_MS);
    socket.once("data", () => clearTimeout(early));
  });
}

/** A multipart/form-data body built by hand, so malformed envelopes can be sent too. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; data: Buffer };

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----review${randomBytes(12).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ("filename" in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`));
    chunks.push("filename" in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The cookies a response sets, as a Cookie header value (cleared ones left out). */
export function cookiesOf(answer: Answer | NoAnswer): string {
  if (answer.status === 0) return "";
  const set = answer.headers["set-cookie"] ?? [];
  return set
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

export function header(answer: Answer | NoAnswer, name: string): string {
  if (answer.status === 0) return "";
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

export function errorOf(answer: Answer | NoAnswer): string {
  if (answer.status === 0) return "";
  const body = answer.json as { error?: unknown; message?: unknown } | undefined;
  return String(body?.error ?? body?.message ?? "");
}

/** Its status and the start of its body, or `0 <error>` when none came. */
export function got(answer: Answer | NoAnswer, chars: number): string {
  return `${answer.status} ${answer.status ? answer.text.slice(0, chars) : answer.error}`;
}

/** Null when the answer has an expected status, else "expected …, got …" for the failure list. */
export function unexpected(
  answer: Answer | NoAnswer,
  expected: number | number[],
  chars: number,
): string | null {
  const wanted = Array.isArray(expected) ? expected : [expected];
  return wanted.includes(answer.status)
    ? null
    : `expected ${wanted.join("/")}, got ${got(answer, chars)}`;
}

/** The body as text ("" when no answer came). */
export const bodyOf = (answer: Answer | NoAnswer) => (answer.status === 0 ? "" : answer.text);

/** Sends `count` requests one after the other and lists their statuses. */
export async function statusesOf(
  count: number,
  send: () => Promise<Answer | NoAnswer>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).status);
  return statuses;
}

/** A short description of an answer for the failure list. */
export function describe(answer: Answer | NoAnswer): string {
  if (answer.status === 0) return `no answer (${answer.error}) after ${answer.ms} ms`;
  const text = answer.text.replace(/\s+/g, " ").slice(0, 160);
  return `${answer.status} ${text}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
