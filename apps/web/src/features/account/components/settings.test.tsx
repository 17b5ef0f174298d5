import { ACCOUNT_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { catchDownloads } from "../../../test/downloads.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { subscriber } from "../../../test/studio.ts";

function zipAnswer() {
  return new Response(new Uint8Array([80, 75, 3, 4]), {
    status: 200,
    headers: {
      "content-type": "application/zip",
      "content-disposition": 'attachment; filename="backdrop-data-2026-01-05.zip"',
    },
  });
}

function renderSettings(
  answers: Parameters<typeof mockApi>[0] = {},
  session: ReturnType<typeof testUser> = subscriber({ subscriptionPlanId: "pro" }),
) {
  const fetchMock = mockApi({
    "GET /api/auth/get-user-by-uid": jsonResponse(200, session.details),
    "POST /api/identity/sign-out": jsonResponse(200, { success: true }),
    "GET /api/identity/get-session": jsonResponse(200, null),
    ...answers,
  });
  return { fetchMock, ...renderRoute("/settings", { session }) };
}

const deleteSection = () => screen.getByRole("heading", { name: "Delete account" }).parentElement;

describe("the settings page", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is reachable from the header and asks a visitor to log in", async () => {
    const { user } = renderSettings();
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const link = screen.getAllByRole("link", { name: "Settings" })[0];
    await user.click(link as HTMLElement);
    expect(document.title).toBe("Settings · Backdrop");

    mockApi({});
    renderRoute("/settings");
    expect(await screen.findByText("Log in to manage your account")).toBeVisible();
  });

  it("downloads the export as the ZIP the server named", async () => {
    const saved = catchDownloads();
    const { user, fetchMock } = renderSettings({ "GET /api/account/export": zipAnswer });
    await user.click(await screen.findByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(saved()).toBe("backdrop-data-2026-01-05.zip"));
    expect(callsTo(fetchMock, "/api/account/export")).toHaveLength(1);
  });

  it("shows why the export failed", async () => {
    const { user } = renderSettings({
      "GET /api/account/export": jsonResponse(500, { error: ACCOUNT_MESSAGES.exportFailed }),
    });
    await user.click(await screen.findByRole("button", { name: "Download my data" }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.exportFailed)).toBeVisible();
  });

  it("names what goes, asks the password, confirms, then signs out and goes home", async () => {
    const { user, fetchMock, router } = renderSettings({
      "DELETE /api/account": jsonResponse(200, { ok: true }),
    });
    const section = await waitFor(() => deleteSection() as HTMLElement);
    expect(within(section).getByText(/Your Pro subscription: it ends now/)).toBeVisible();
    expect(within(section).getByText("Your 120 tokens")).toBeVisible();
    expect(within(section).getByText(/kept for accounting/)).toBeVisible();

    // No password: said under the field, and nothing is sent.
    await user.click(within(section).getByRole("button", { name: "Delete account…" }));
    expect(within(section).getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.type(within(section).getByLabelText("Your password"), "Str0ng!pass");
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(
      within(dialog).getByText("Every photo you uploaded and every image made from it"),
    ).toBeVisible();
    expect(
      within(dialog).getByText(/Your profile and your sign-in as ada@example.com/),
    ).toBeVisible();
    expect(callsTo(fetchMock, "/api/account")).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.deleted)).toBeVisible();
    expect(callsTo(fetchMock, "/api/account")).toEqual([
      { url: "/api/account", method: "DELETE", body: { password: "Str0ng!pass" } },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.getAllByRole("link", { name: "Log In" })[0]).toBeVisible();
  });

  it("keeps the dialog open with the server's reason when the delete is refused", async () => {
    const { user } = renderSettings({
      "DELETE /api/account": jsonResponse(403, { error: ACCOUNT_MESSAGES.wrongPassword }),
    });
    const section = await waitFor(() => deleteSection() as HTMLElement);
    await user.type(within(section).getByLabelText("Your password"), "wrong");
    await user.click(within(section).getByRole("button", { name: "Delete account…" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  it("asks a Google account for no password, and says when to sign in again", async () => {
    const google = testUser({ provider: "google", subscriptionStatus: null, numOfTokens: 0 });
    const { user, fetchMock } = renderSettings(
      {
        "DELETE /api/account": jsonResponse(403, {
          error: ACCOUNT_MESSAGES.recentSignInRequired,
        }),
      },
      { ...google, details: { ...google.details, subscriptionTokens: 0 } },
    );
    const section = await waitFor(() => deleteSection() as HTMLElement);
    expect(within(section).queryByLabelText("Your password")).toBeNull();
    expect(within(section).queryByText(/subscription: it ends now/)).toBeNull();
    expect(within(section).getByRole("link", { name: "sign in again" })).toHaveAttribute(
      "href",
      "/login?next=/settings",
    );
    await user.click(within(section).getByRole("button", { name: "Delete account…" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.recentSignInRequired)).toBeVisible();
    expect(callsTo(fetchMock, "/api/account")[0]?.body).toEqual({});
  });
});
