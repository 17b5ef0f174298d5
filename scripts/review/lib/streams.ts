/**
 * Requests over a bare socket that a normal client never makes: a body that never ends (is a
 * refusal sent before it is read in full?) and a download that is never read (does the server
 * hold it with backpressure, and let it go?). And what the server process holds meanwhile.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type http from "node:http";
import net from "node:net";
import { inflateRawSync } from "node:zlib";
import { type Answer, type NoAnswer, noAnswer, sleep } from "./http.ts";

type Head = { status: number; headers: http.IncomingHttpHeaders; rest: Buffer } | null;

/** The status line and headers, once the bytes so far hold them all. */
function parseHead(raw: Buffer): Head {
  const split = raw.indexOf("\r\n\r\n");
  if (split < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine?.split(" ")[1] ?? 0), headers, rest: raw.subarray(split + 4) };
}

/** The body of a chunked answer, or null while its last chunk has not come. */
function dechunk(rest: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  for (let at = 0; at < rest.length; ) {
    const eol = rest.indexOf("\r\n", at);
    if (eol < 0) return null;
    const size = Number.parseInt(rest.subarray(at, eol).toString("latin1"), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    if (rest.length < eol + 2 + size) return null;
    parts.push(rest.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return null;
}

function answerOf(head: NonNullable<Head>, body: Buffer, started: number): Answer {
  const text = body.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: head.status, headers: head.headers, body, text, json, ms: Date.now() - started };
}

export type EndlessBody = {
  method?: string;
  headers?: Record<string, string>;
  /** Announce this Content-Length (more than is sent); without it the body goes chunked. */
  declaredBytes?: number;
  /** How much of the body is sent before the client just waits (never the end of it). */
  sendBytes: number;
  /** How long to wait for an answer once that much is sent. */
  waitMs?: number;
};

/**
 * Sends the head and the first `sendBytes` of a body that never ends, then waits: an answer
 * can only have come before the body was read in full. Status 0 when none came in `waitMs`.
 */
export function endlessBody(baseUrl: string, path: string, options: EndlessBody) {
  const url = new URL(path, baseUrl);
  const started = Date.now();
  const chunked = options.declaredBytes === undefined;
  const lines = [`${options.method ?? "POST"} ${url.pathname}${url.search} HTTP/1.1`];
  lines.push(`host: ${url.host}`, "connection: close");
  for (const [name, value] of Object.entries(options.headers ?? {}))
    lines.push(`${name}: ${value}`);
  lines.push(chunked ? "transfer-encoding: chunked" : `content-length: ${options.declaredBytes}`);
  return new Promise<Answer | NoAnswer>((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (answer: Answer | NoAnswer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    const tryFinish = (closed: boolean) => {
      const head = parseHead(Buffer.concat(chunks));
      if (!head) {
        if (closed) finish(noAnswer("closed without an answer", started));
        return;
      }
      const length = Number(head.headers["content-length"] ?? Number.NaN);
      if (String(head.headers["transfer-encoding"]).includes("chunked")) {
        const body = dechunk(head.rest);
        if (body) finish(answerOf(head, body, started));
        else if (closed) finish(answerOf(head, head.rest, started));
      } else if (!Number.isNaN(length) && head.rest.length >= length) {
        finish(answerOf(head, head.rest.subarray(0, length), started));
      } else if (closed) finish(answerOf(head, head.rest, started));
    };
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      tryFinish(false);
    });
    socket.on("close", () => tryFinish(true));
    socket.on("error", () => setTimeout(() => tryFinish(true), 50));
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    const piece = Buffer.alloc(16 * 1024, 0x7b);
    let sent = 0;
    const pump = () => {
      while (sent < options.sendBytes && !settled) {
        const size = Math.min(piece.length, options.sendBytes - sent);
        const data = piece.subarray(0, size);
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from("\r\n")])
          : data;
        sent += size;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
    };
    pump();
    setTimeout(
      () => finish(noAnswer(`no answer within ${options.waitMs ?? 10_000} ms`, started)),
      options.waitMs ?? 10_000,
    );
  });
}

/** A download whose client reads the head, then nothing more: the server must hold it back. */
export type Stalled = {
  /** The answer's status and headers (0 when none came). */
  head: Promise<{ status: number; headers: http.IncomingHttpHeaders }>;
  /** Leaves: the socket is destroyed, as a client that goes away. */
  close(): void;
};

export function stalledDownload(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Stalled {
  const url = new URL(path, baseUrl);
  const body = options.body === undefined ? null : Buffer.from(options.body);
  const lines = [`${options.method ?? "GET"} ${url.pathname}${url.search} HTTP/1.1`];
  lines.push(`host: ${url.host}`);
  for (const [name, value] of Object.entries(options.headers ?? {}))
    lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const socket = net.connect({ host: url.hostname, port: Number(url.port) });
  socket.on("error", () => {});
  const head = new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      const parsed = parseHead(Buffer.concat(chunks));
      if (!parsed) return;
      // Nothing more is read: the receive window closes and the server's writes back up.
      socket.pause();
      socket.off("data", onData);
      resolve({ status: parsed.status, headers: parsed.headers });
    };
    socket.on("data", onData);
    socket.on("close", () => resolve({ status: 0, headers: {} }));
  });
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  if (body) socket.write(body);
  return { head, close: () => socket.destroy() };
}

/** The resident memory of a process, in bytes (/proc/<pid>/status VmRSS). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return Number(kb ?? Number.NaN) * 1024;
}

/** How many sockets a process holds open. */
export function socketsOf(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) count += 1;
    } catch {
      // closed meanwhile
    }
  }
  return count;
}

/** Polls `value` until `done` holds or the time is up; the last value. */
export async function settle<T>(value: () => T, done: (v: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = value();
  while (!done(last) && Date.now() < deadline) {
    await sleep(1000);
    last = value();
  }
  return last;
}

type ZipEntry = { name: string; method: number; compressed: number; offset: number };

/** The members of a ZIP, read from its central directory (none when it is not a ZIP). */
function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) return [];
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count && at + 46 <= zip.length; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) break;
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString("utf8"),
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

export function zipNames(zip: Buffer): string[] {
  return zipEntries(zip).map((entry) => entry.name);
}

/** A member's bytes (stored or deflated); null when there is no such member. */
export function zipMember(zip: Buffer, name: string): Buffer | null {
  const entry = zipEntries(zip).find((e) => e.name === name);
  if (!entry || zip.readUInt32LE(entry.offset) !== 0x04034b50) return null;
  const start =
    entry.offset + 30 + zip.readUInt16LE(entry.offset + 26) + zip.readUInt16LE(entry.offset + 28);
  const data = zip.subarray(start, start + entry.compressed);
  if (entry.method === 0) return data;
  return entry.method === 8 ? inflateRawSync(data) : null;
}
