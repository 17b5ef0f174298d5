import { MESSAGES, SUPPORT_MESSAGES } from "@backdrop/shared";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";

const send = () => screen.getByRole("button", { name: "Send report" });

describe("report form", () => {
  it("starts on Bug Report and offers the four issue types", () => {
    renderRoute("/report");
    const select = screen.getByLabelText("Issue type");
    expect(select).toHaveValue("Bug Report");
    expect(Array.from((select as HTMLSelectElement).options).map((option) => option.value)).toEqual(
      ["Bug Report", "Feature Request", "Security Issue", "Other"],
    );
  });

  it("marks the attachment link and email as optional", () => {
    renderRoute("/report");
    expect(screen.getByLabelText("Attachment link")).toHaveAccessibleDescription(/Optional/);
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(/Optional/);
  });

  it("sends a report without email or link", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(jsonResponse(200, { ok: true, message: SUPPORT_MESSAGES.reportSent }));
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/report");

    await user.selectOptions(screen.getByLabelText("Issue type"), "Feature Request");
    await user.type(screen.getByLabelText("Description"), "Please add a dark mode");
    await user.click(send());

    expect(await screen.findByText(SUPPORT_MESSAGES.reportSent)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/email/report");
    expect(JSON.parse(String(init.body))).toEqual({
      issueType: "Feature Request",
      description: "Please add a dark mode",
    });
    await waitFor(() => expect(screen.getByLabelText("Description")).toHaveValue(""));
    expect(screen.getByLabelText("Issue type")).toHaveValue("Bug Report");
  });

  it("attaches a signed-in reporter's e-mail, which they may still clear", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(jsonResponse(200, { ok: true, message: SUPPORT_MESSAGES.reportSent }));
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/report", { session: testUser({ email: "ada@example.com" }) });

    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    await user.type(screen.getByLabelText("Description"), "The gallery is empty");
    await user.click(send());

    expect(await screen.findByText(SUPPORT_MESSAGES.reportSent)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ email: "ada@example.com" });
    // a new report starts with the address again
    await waitFor(() => expect(screen.getByLabelText("Description")).toHaveValue(""));
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  it("asks for a description", async () => {
    const { user } = renderRoute("/report");
    await user.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent(SUPPORT_MESSAGES.descriptionRequired);
    expect(screen.getByLabelText("Description")).toHaveAttribute("aria-invalid", "true");
  });

  it("accepts only http and https attachment links", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/report");

    await user.type(screen.getByLabelText("Description"), "Broken upload");
    await user.type(screen.getByLabelText("Attachment link"), "ftp://files.example.com/shot.png");
    await user.click(send());

    expect(screen.getByRole("alert")).toHaveTextContent(SUPPORT_MESSAGES.invalidAttachmentLink);
    expect(screen.getByLabelText("Attachment link")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks the optional email when one is given", async () => {
    const { user } = renderRoute("/report");
    await user.type(screen.getByLabelText("Description"), "Broken upload");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(send());
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.invalidEmail);
  });

  it("keeps the report and shows the default error when sending fails", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("Bad gateway", { status: 502 })));
    const { user } = renderRoute("/report");

    await user.type(screen.getByLabelText("Description"), "Broken upload");
    await user.type(screen.getByLabelText("Attachment link"), "https://example.com/shot.png");
    await user.click(send());

    expect(await screen.findByText(MESSAGES.reportFailed)).toBeInTheDocument();
    expect(screen.getByLabelText("Description")).toHaveValue("Broken upload");
    expect(screen.getByLabelText("Attachment link")).toHaveValue("https://example.com/shot.png");
  });
});
