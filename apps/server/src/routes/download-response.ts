import type { ServerResponse } from "node:http";
import { DOWNLOAD_MESSAGES, type DownloadFormat, isDownloadFormat } from "@backdrop/shared";
import { encodeExtended } from "content-disposition";
import type { Context } from "hono";
import { type ChunkSource, type DownloadSlots, pulledStream } from "../lib/download-stream.ts";

/** Downloads of files and archives: how many each user may hold open, how long one may idle. */
export type Downloads = { slots: DownloadSlots; idleMs: number };

/** A second or two is enough for a download in progress to end or a stalled one to be dropped. */
const DOWNLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * The `?format=` a download asks for: undefined when none is asked, null (answered 400 by the
 * caller, see unknownFormat) for anything but png, jpeg or webp.
 */
export function askedFormat(c: Context): DownloadFormat | undefined | null {
  const format = c.req.query("format");
  if (format === undefined) return undefined;
  return isDownloadFormat(format) ? format : null;
}

export function unknownFormat(c: Context) {
  return c.json({ error: DOWNLOAD_MESSAGES.unknownFormat }, 400);
}

/** Anything a quoted `filename` cannot carry as it is: beyond printable ASCII, quotes, `\`. */
const NOT_PLAIN = /[^\x20-\x7e]|["\\]/g;

/**
 * A Content-Disposition naming the file (RFC 6266): `filename` quoted, in plain ASCII (other
 * characters as "_", for the clients that read nothing else), and `filename*` in UTF-8
 * (RFC 8187) besides when the name has other characters.
 */
export function dispositionOf(fileName: string, type: "attachment" | "inline" = "attachment") {
  const plain = fileName.replace(NOT_PLAIN, "_");
  const quoted = `${type}; filename="${plain}"`;
  return plain === fileName ? quoted : `${quoted}; filename*=${encodeExtended(fileName)}`;
}

/** The 429 of a user holding every download slot: the download is refused before any read. */
export function tooManyDownloads(c: Context) {
  c.header("Retry-After", String(DOWNLOAD_RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  return c.json({ error: DOWNLOAD_MESSAGES.tooManyAtOnce }, 429);
}

/**
 * The body of a download, read from storage only as the client takes it. A client that stops
 * reading for `idleMs` has its connection closed (on @hono/node-server, the only server we run
 * on, the response is `c.env.outgoing`); the slot is given back whichever way it ends.
 */
export function downloadBody(
  c: Context,
  downloads: Downloads,
  source: ChunkSource,
  release: () => void,
) {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return pulledStream(source, {
    idleMs: downloads.idleMs,
    onEnd: release,
    ...(outgoing ? { onIdle: () => outgoing.destroy() } : {}),
  });
}

/**
 * A ZIP download in one of the user's slots: refused with 429 when they hold every slot,
 * the slot given back if the ZIP cannot be made, streamed as the client reads otherwise.
 */
export async function zipDownload(
  c: Context,
  downloads: Downloads,
  userId: string,
  make: () => Promise<{ source: ChunkSource; fileName: string }>,
) {
  const release = downloads.slots.take(userId);
  if (!release) return tooManyDownloads(c);
  let made: { source: ChunkSource; fileName: string };
  try {
    made = await make();
  } catch (error) {
    release();
    throw error;
  }
  return c.body(downloadBody(c, downloads, made.source, release), 200, {
    "Content-Type": "application/zip",
    "Content-Disposition": dispositionOf(made.fileName),
    "Cache-Control": "no-store",
  });
}
