import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp, forwardedClient, UNKNOWN_CLIENT } from "./client-ip.ts";

/** What @hono/node-server hands the app: the request's socket. */
const fromSocket = (remoteAddress: string) => ({
  incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: "IPv4" } },
});

function appTrusting(trustProxy: number) {
  return new Hono().get("/", (c) => c.text(clientIp(c, trustProxy)));
}

async function ipOf(
  trustProxy: number,
  headers: Headers | Record<string, string>,
  socket = "192.0.2.99",
) {
  const res = await appTrusting(trustProxy).request("/", { headers }, fromSocket(socket));
  return res.text();
}

describe("forwardedClient", () => {
  it.each([
    // [header, trusted proxies, client]
    ["203.0.113.7", 1, "203.0.113.7"],
    ["198.51.100.1, 203.0.113.7", 1, "203.0.113.7"],
    ["198.51.100.1, 203.0.113.7", 2, "198.51.100.1"],
    ["evil, 203.0.113.7, 10.0.0.2", 2, "203.0.113.7"],
    ["evil, 203.0.113.7, 10.0.0.2, 10.0.0.3", 3, "203.0.113.7"],
    // fewer entries than proxies: the left-most one
    ["203.0.113.7", 3, "203.0.113.7"],
    ["203.0.113.7, 10.0.0.2", 3, "203.0.113.7"],
    // spaces, tabs and empty entries the client slipped in
    ["  198.51.100.1 ,203.0.113.7  ", 1, "203.0.113.7"],
    [",,198.51.100.1,, ,\t203.0.113.7,", 1, "203.0.113.7"],
    [" , ,203.0.113.7, ,10.0.0.2", 2, "203.0.113.7"],
    ["2001:db8::1, 2001:db8::2", 1, "2001:db8::2"],
  ])("%j with %i trusted proxies is %s", (header, hops, client) => {
    expect(forwardedClient(header, hops)).toBe(client);
  });

  it.each([
    [undefined, 1],
    ["", 1],
    [" , ,", 1],
    ["203.0.113.7", 0],
  ])("finds no client in %j with %i trusted proxies", (header, hops) => {
    expect(forwardedClient(header, hops)).toBeNull();
  });
});

describe("clientIp", () => {
  it("is the socket's peer when no proxy is trusted, whatever the client sends", async () => {
    expect(await ipOf(0, { "x-forwarded-for": "198.51.100.1" })).toBe("192.0.2.99");
    expect(await ipOf(0, {})).toBe("192.0.2.99");
  });

  it("with one proxy, is the right-most entry: a client cannot choose it", async () => {
    for (let i = 1; i <= 3; i++) {
      expect(await ipOf(1, { "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` })).toBe(
        "203.0.113.7",
      );
    }
  });

  it("reads several X-Forwarded-For headers as one list", async () => {
    const headers = new Headers();
    headers.append("x-forwarded-for", "198.51.100.1, 198.51.100.2");
    headers.append("x-forwarded-for", "203.0.113.7");
    headers.append("x-forwarded-for", "10.0.0.2");
    expect(await ipOf(1, headers)).toBe("10.0.0.2");
    expect(await ipOf(2, headers)).toBe("203.0.113.7");
    expect(await ipOf(4, headers)).toBe("198.51.100.1");
  });

  it("falls back to the socket's peer when a trusted proxy sent no address", async () => {
    expect(await ipOf(1, {})).toBe("192.0.2.99");
    expect(await ipOf(2, { "x-forwarded-for": " , " })).toBe("192.0.2.99");
  });

  it('is "unknown" for a request without a socket', async () => {
    const res = await appTrusting(1).request("/");
    expect(await res.text()).toBe(UNKNOWN_CLIENT);
  });
});
