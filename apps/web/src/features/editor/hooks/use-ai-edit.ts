import { GENERATION_MESSAGES } from "@backdrop/shared";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../auth/index.ts";
import { requestEdit } from "../edit-api.ts";
import { checkEdit, type EditProblem } from "../edit-request.ts";

type EditCallbacks = {
  onEdited(url: string): void;
  onFailed?(message: string): void;
};

/** Runs the checks, then the edit call; keeps the message to show beside the prompt. */
export function useAiEdit(recordId: string) {
  const { user, session, tokenCount, markTokensUpdated } = useSession();
  const [problem, setProblem] = useState<EditProblem | null>(null);
  const mutation = useMutation({
    mutationFn: requestEdit,
    // Also after a failure: the server may have refunded, or our count may have been stale.
    onSettled: () => markTokensUpdated(),
  });

  /** Whether the edit was sent: false when one is running or a check failed. */
  const submit = (prompt: string, imageUrl: string, callbacks: EditCallbacks): boolean => {
    if (mutation.isPending) return false;
    const found = checkEdit(prompt, user, tokenCount);
    setProblem(found);
    if (found) return false;
    const body = {
      imageUrl,
      prompt: prompt.trim(),
      imageRecordId: recordId,
      userUid: session?.uid ?? user?.uid ?? "",
    };
    // Callbacks given to mutate() are skipped once the editor is gone, which is what we want.
    mutation.mutate(body, {
      onSuccess: (url) => callbacks.onEdited(url),
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : GENERATION_MESSAGES.editFailed;
        setProblem({ kind: "server", message });
        callbacks.onFailed?.(message);
      },
    });
    return true;
  };

  return {
    submit,
    pending: mutation.isPending,
    problem,
    clearProblem: () => setProblem(null),
    tokenCount,
  };
}
