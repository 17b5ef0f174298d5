import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";

const mail = {
  id: "m1",
  to: "ada@example.com",
  subject: "Verify your e-mail",
  text: "Welcome to Backdrop.",
  html: null,
  links: ["http://localhost:3000/login?verified=1"],
  createdAt: Date.UTC(2026, 10, 22, 9, 30),
};

describe("dev mailbox", () => {
  it("lists the stored mails with their links", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(jsonResponse(200, [mail])));
    renderRoute("/dev/mailbox");

    const card = await screen.findByRole("article", { name: "Verify your e-mail" });
    expect(within(card).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(card).getByText("Welcome to Backdrop.")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: mail.links[0] })).toHaveAttribute(
      "href",
      mail.links[0],
    );
    expect(screen.getByText("Developer tool")).toBeInTheDocument();
    expect(
      screen.getByText(/Only this machine \(loopback\) can read them, unless the server runs with/),
    ).toBeInTheDocument();
  });

  it("says so when the mailbox is empty", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(jsonResponse(200, [])));
    renderRoute("/dev/mailbox");
    expect(await screen.findByRole("heading", { name: "No e-mails yet" })).toBeInTheDocument();
  });

  it("says the mailbox is not available when the API answers 404", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(jsonResponse(404, { error: "Not found" })));
    renderRoute("/dev/mailbox");
    expect(
      await screen.findByRole("heading", { name: "The dev mailbox is not available" }),
    ).toBeInTheDocument();
    // Refused to another machine or through a proxy: the page says how to reach it.
    expect(
      screen.getByText(/The mailbox is only shown to this machine \(loopback\)/),
    ).toHaveTextContent("or start the server with DEV_MAILBOX=open");
  });

  it("shows an error and refreshes on request", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(500, {}))
      .mockResolvedValueOnce(jsonResponse(200, [mail]));
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/dev/mailbox");

    expect(
      await screen.findByRole("heading", { name: "Could not load the mailbox" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Refresh" }));

    expect(await screen.findByRole("article", { name: "Verify your e-mail" })).toBeInTheDocument();
  });
});
