import { vi } from "vitest";

type Listener = (event: MessageEvent) => void;

/**
 * A stand-in for the browser's EventSource (jsdom has none). Tests reach the streams the app
 * opened through `FakeEventSource.instances` and push events with `emit`.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = 1;
  private listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = 2;
  }

  get closed() {
    return this.readyState === 2;
  }

  /** Sends one server-sent event, as the server's `event: <type>` with JSON data. */
  emit(type: string, data: unknown) {
    if (this.closed) return;
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /**
   * The server refused or dropped the stream for good (a 429, say): the browser closes it and
   * fires `error`, without reconnecting.
   */
  fail() {
    this.readyState = 2;
    for (const listener of this.listeners.get("error") ?? []) {
      listener(new MessageEvent("error"));
    }
  }

  /** The newest stream opened on a URL ending with `suffix`. */
  static latest(suffix = ""): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((source) => source.url.endsWith(suffix)).at(-1);
  }
}

/** Installs the fake EventSource for one test. */
export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  return FakeEventSource;
}

/** Makes every image decode at once with this size, as the photo picker reads it. */
export function stubImageSize(width: number, height: number) {
  class DecodedImage {
    naturalWidth = width;
    naturalHeight = height;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_url: string) {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal("Image", DecodedImage);
}

/** A PNG's first bytes: enough for the picker to take a file as an image. */
export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An image file whose bytes start as a PNG's; it decodes at the size stubImageSize gives. */
export function pngFile(name: string, type = "image/png"): File {
  return new File([PNG_SIGNATURE], name, { type });
}
