import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { FAL_FILE_HOST, falFetch } from "./fal-host-fetch.ts";
import { MODELS, runModel } from "./fal-models.ts";
import { createQueue } from "./fal-queue.ts";
import type { Answer } from "./fal-replies.ts";
import { createScenarios, type Failure } from "./fal-scenarios.ts";
import { createFileStore } from "./file-store.ts";
import type { Input } from "./input-rules.ts";

export type FalCallKind =
  | "initiate"
  | "upload"
  | "submit"
  | "status"
  | "result"
  | "cancel"
  | "run"
  | "file"
  | "unknown";

/** One HTTP call the emulator received, as the tests inspect it. */
export type RecordedFalCall = {
  kind: FalCallKind;
  method: string;
  host: string;
  path: string;
  /** The endpoint id (for status, result and cancel: the queued request's). */
  endpoint?: string;
  requestId?: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the byte count of a raw body. */
  body: unknown;
};

type Route = { kind: FalCallKind; endpoint?: string; requestId?: string; appRoot?: string };

const ICLIGHT = "fal-ai/iclight-v2";

function classify(method: string, host: string, path: string): Route {
  const segments = path.split("/").filter(Boolean);
  if (host === "rest.fal.ai" && method === "POST" && path === "/storage/upload/initiate") {
    return { kind: "initiate" };
  }
  if (host === FAL_FILE_HOST && method === "GET") return { kind: "file" };
  if (host === "fal.run" && method === "POST") return { kind: "run", endpoint: segments.join("/") };
  if (host !== "queue.fal.run") return { kind: "unknown" };
  if (segments[2] !== "requests" || !segments[3]) {
    return method === "POST"
      ? { kind: "submit", endpoint: segments.join("/") }
      : { kind: "unknown" };
  }
  const target = { requestId: segments[3], appRoot: segments.slice(0, 2).join("/") };
  const action = segments.slice(4).join("/");
  if (method === "GET" && action === "status") return { kind: "status", ...target };
  if (method === "GET" && action === "") return { kind: "result", ...target };
  if (method === "PUT" && action === "cancel") return { kind: "cancel", ...target };
  return { kind: "unknown" };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(", ") : (value ?? ""),
    ]),
  );
}

function parseJson(raw: Buffer, contentType: string | undefined): unknown {
  if (!contentType?.includes("application/json") || raw.length === 0) return raw.length;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return raw.length;
  }
}

function write(res: ServerResponse, answer: Answer, requestId: string) {
  const raw = Buffer.isBuffer(answer.body);
  res.writeHead(answer.status, {
    "content-type": "application/json",
    "x-fal-request-id": requestId,
    ...answer.headers,
  });
  res.end(raw ? answer.body : JSON.stringify(answer.body));
}

const notFound = (detail: string): Answer => ({ status: 404, body: { detail } });

/**
 * The part of fal's HTTP protocol that Backdrop's fal engine uses, in memory on 127.0.0.1:
 * storage uploads, the queue (submit, status, result, cancel), synchronous runs and the CDN.
 * The models really process the images with sharp. The real `@fal-ai/client` reaches it
 * through `emulator.fetch` (see `falFetch`). `latencyMs` holds every reply back that long, as a
 * distant fal would (none by default).
 */
export async function startFalEmulator(options: { key?: string; latencyMs?: number } = {}) {
  const key = options.key ?? "test-key";
  const latencyMs = options.latencyMs ?? 0;
  let baseUrl = "";
  const files = createFileStore(() => baseUrl);
  const scenarios = createScenarios();
  const calls: RecordedFalCall[] = [];

  const flagsFor = (endpoint: string) => ({
    nsfw: endpoint === ICLIGHT && scenarios.takeNsfw(endpoint),
    keepOutput: !scenarios.takeExpiry(endpoint),
  });
  const queue = createQueue((endpoint, input) =>
    runModel(endpoint, input, files, flagsFor(endpoint)),
  );

  async function answer(
    route: Route,
    body: unknown,
    closed: Promise<unknown>,
    call: RecordedFalCall,
  ) {
    const { endpoint = "", appRoot = "", requestId = "" } = route;
    const input = (typeof body === "object" && body !== null ? body : {}) as Input;
    switch (route.kind) {
      case "initiate":
        return {
          status: 200,
          body: files.initiateUpload(String(input.content_type), String(input.file_name)),
        };
      case "file": {
        const file = files.get(`https://${call.host}${call.path}`);
        if (!file) return notFound("File not found");
        return { status: 200, body: file.bytes, headers: { "content-type": file.contentType } };
      }
      case "submit": {
        const failure = scenarios.takeFailure(endpoint, "submit");
        if (failure) return failure;
        if (!MODELS[endpoint]) return notFound(`Application '${endpoint}' not found`);
        const request = queue.submit(endpoint, input, scenarios.takeHang(endpoint));
        call.requestId = request.id;
        return { status: 200, body: queue.accepted(request) };
      }
      case "run": {
        const failure = scenarios.takeFailure(endpoint, "run");
        if (failure) return failure;
        if (scenarios.takeHang(endpoint)) {
          await closed;
          return undefined;
        }
        return runModel(endpoint, input, files, flagsFor(endpoint));
      }
      case "status":
      case "result":
      case "cancel": {
        const request = queue.find(appRoot, requestId);
        if (!request) return notFound("Request not found");
        call.endpoint = request.endpoint;
        if (route.kind === "cancel") return queue.cancel(request);
        const failure = scenarios.takeFailure(request.endpoint, route.kind);
        if (failure) return failure;
        return route.kind === "status"
          ? { status: 200, body: queue.status(request) }
          : queue.result(request);
      }
      default:
        return notFound("Not found");
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const closed = new Promise((resolve) => res.on("close", resolve));
    const url = new URL(req.url ?? "/", baseUrl);
    const raw = await readBody(req);
    if (latencyMs > 0) await sleep(latencyMs);
    const headers = headersOf(req);
    const upload = /^\/_upload\/([^/]+)$/.exec(url.pathname);
    if (upload?.[1] && req.method === "PUT") {
      calls.push({
        kind: "upload",
        method: "PUT",
        host: "upload",
        path: url.pathname,
        headers,
        body: raw.length,
      });
      const stored = files.completeUpload(upload[1], raw, headers["content-type"]);
      return write(
        res,
        stored ? { status: 200, body: {} } : notFound("Upload not found"),
        randomUUID(),
      );
    }
    const hosted = /^\/_host\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const host = hosted?.[1] ?? "";
    const path = hosted?.[2] ?? "/";
    const method = req.method ?? "GET";
    const route = classify(method, host, path);
    const body = parseJson(raw, headers["content-type"]);
    const call: RecordedFalCall = {
      kind: route.kind,
      endpoint: route.endpoint,
      requestId: route.requestId,
      method,
      host,
      path,
      headers,
      body,
    };
    calls.push(call);
    const fallbackId = route.requestId ?? randomUUID();
    if (host !== FAL_FILE_HOST && headers.authorization !== `Key ${key}`) {
      return write(
        res,
        { status: 401, body: { detail: "Invalid or missing API key" } },
        fallbackId,
      );
    }
    const reply = await answer(route, body, closed, call);
    if (reply) write(res, reply, call.requestId ?? fallbackId);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        write(res, { status: 500, body: { detail: String(error) } }, randomUUID());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    /** A fetch that routes fal's hosts here: give it to `createFalClient` and the engine. */
    fetch: falFetch(baseUrl),
    /** Every call received, oldest first. */
    calls,
    callsOf: (kind: FalCallKind, endpoint?: string) =>
      calls.filter((c) => c.kind === kind && (endpoint === undefined || c.endpoint === endpoint)),
    /** An uploaded or produced file, by its public URL. */
    file: (url: string) => files.get(url),
    /** The next replies of a call to this endpoint fail (see `Failure`). */
    failNext: (endpoint: string, failure: Failure) => scenarios.failNext(endpoint, failure),
    /** The next request to this endpoint never finishes: IN_PROGRESS, or a run that never answers. */
    hangNext: (endpoint: string) => void scenarios.hangNext(endpoint),
    /** The next IC-Light result is flagged by the safety checker (and black). */
    flagNsfwNext: () => void scenarios.flagNsfwNext(ICLIGHT),
    /** The next result of this endpoint names a file that is already gone. */
    expireOutputNext: (endpoint: string) => void scenarios.expireOutputNext(endpoint),
    /** fal no longer knows this request: its status, result and cancel answer 404. */
    forget: (requestId: string) => queue.forget(requestId),
    /** Clears the recorded calls and any scenario not yet used. */
    reset() {
      calls.length = 0;
      scenarios.reset();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue.settled();
    },
  };
}

export type FalEmulator = Awaited<ReturnType<typeof startFalEmulator>>;
