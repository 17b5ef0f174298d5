import type { TCurrentUser } from "@backdrop/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { AppToaster } from "../../../components/ui/app-toaster.tsx";
import { createTestQueryClient, testUser } from "../../../test/render-route.tsx";
import { SessionContext, type SessionContextValue } from "../../auth/index.ts";
import { useEditorGate } from "../hooks/use-editor-gate.ts";
import { AiEditor } from "./ai-editor.tsx";
import { EditUpgradeAlert } from "./edit-upgrade-alert.tsx";

export const ORIGINAL_URL = "/files/rec-1/result.png";

/** A logged-in session whose markTokensUpdated can be watched. */
function sessionFor(overrides: Partial<TCurrentUser>): SessionContextValue {
  const { identity, details } = testUser({ subscriptionPlanId: "pro", ...overrides });
  const tokenCount = details.numOfTokens + details.subscriptionTokens;
  return {
    loading: false,
    userLoggedIn: true,
    isEmailVerified: true,
    isEmailUser: true,
    isGoogleUser: false,
    tokenCount,
    isTokenCountUpdated: false,
    isUserSaved: true,
    identityUser: identity,
    user: details,
    userLoading: false,
    session: {
      uid: details.uid,
      email: details.email,
      name: details.name,
      tokenCount,
      subscriptionStatus: details.subscriptionStatus,
    },
    refreshSession: vi.fn(async () => identity),
    markUserSaved: vi.fn(),
    markTokensUpdated: vi.fn(),
    signOut: vi.fn(async () => {}),
  };
}

/**
 * Renders a stand-in for the Generate page's result: an "Edit with AI" button that, as the page
 * does, asks the plan gate, then mounts the editor (or shows the gate's message), and unmounts
 * it on onClose. The editor is not opened yet.
 */
export function renderResult(user: Partial<TCurrentUser> = {}) {
  const session = sessionFor(user);
  const onSave = vi.fn();
  const onClose = vi.fn();

  function ResultStandIn() {
    const [editing, setEditing] = useState(false);
    const gate = useEditorGate();
    return (
      <>
        <button type="button" onClick={() => gate.open() && setEditing(true)}>
          Edit with AI
        </button>
        {gate.problem && <EditUpgradeAlert id="edit-gate" problem={gate.problem} />}
        {editing && (
          <AiEditor
            recordId="rec-1"
            imageUrl={ORIGINAL_URL}
            onSave={onSave}
            onClose={() => {
              onClose();
              setEditing(false);
            }}
          />
        )}
      </>
    );
  }

  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <SessionContext.Provider value={session}>
          <ResultStandIn />
        </SessionContext.Provider>
      </MemoryRouter>
      <AppToaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), session, onSave, onClose };
}

/** renderResult(), then "Edit with AI": the editor is open. */
export async function renderEditor(user: Partial<TCurrentUser> = {}) {
  const setup = renderResult(user);
  await setup.user.click(screen.getByRole("button", { name: "Edit with AI" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit with AI" });
  return { ...setup, dialog };
}

/** The large image the editor shows. */
export function shownImage() {
  return screen.getByRole("img", { name: /^Your image/ });
}

export function historySteps() {
  return screen.getAllByRole("button", { name: /^(Original|Step \d+)/ });
}
