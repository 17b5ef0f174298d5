import { GENERATION_MESSAGES, type TImageRecord } from "@backdrop/shared";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { chooseVariation } from "../api.ts";

export type VariationChoiceState = {
  /** The take being chosen, while the server is asked. */
  choosing: number | null;
  error: string | null;
};

const IDLE: VariationChoiceState = { choosing: null, error: null };

/**
 * Picking one of a generation's takes: asks the server to make it the record's image and
 * resolves with the record, or null when it failed (the reason is in `state`) or was reset.
 */
export function useVariationChoice() {
  const [state, setState] = useState<VariationChoiceState>(IDLE);
  // A reset (another result, New Image) makes the answer of a choice still on its way stale.
  const attempt = useRef(0);

  const choose = useCallback(
    async (recordId: string, index: number): Promise<TImageRecord | null> => {
      const current = ++attempt.current;
      setState({ choosing: index, error: null });
      try {
        const record = await chooseVariation(recordId, index);
        if (current !== attempt.current) return null;
        setState(IDLE);
        return record;
      } catch (error) {
        if (current !== attempt.current) return null;
        const message =
          error instanceof ApiError ? error.message : GENERATION_MESSAGES.chooseFailed;
        setState({ choosing: null, error: message });
        return null;
      }
    },
    [],
  );

  const reset = useCallback(() => {
    attempt.current++;
    setState(IDLE);
  }, []);

  return { state, choose, reset };
}
