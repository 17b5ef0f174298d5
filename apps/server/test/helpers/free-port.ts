import { createServer } from "node:net";

/** A port of 127.0.0.1 nobody listens on now, for a server or child process to take. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
