import type { TCurrentUser, TSubscriptionStateResponse } from "@backdrop/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { userDetailsQueryKey, useSession } from "../../auth/index.ts";

/** Shows the subscription as the server now reports it, then reads the user again. */
export function useApplySubscriptionState() {
  const queryClient = useQueryClient();
  const { user, markTokensUpdated } = useSession();
  const uid = user?.uid ?? null;
  return useCallback(
    (state: TSubscriptionStateResponse) => {
      if (uid === null) return;
      queryClient.setQueryData<TCurrentUser>(userDetailsQueryKey(uid), (old) =>
        old ? { ...old, ...state } : old,
      );
      markTokensUpdated();
    },
    [queryClient, uid, markTokensUpdated],
  );
}
