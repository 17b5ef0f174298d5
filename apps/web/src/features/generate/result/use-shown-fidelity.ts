import type { TFidelity } from "@backdrop/shared";
import { useQuery } from "@tanstack/react-query";
import { knownFidelity } from "../../../lib/fidelity-memory.ts";
import { fetchRecord } from "../api.ts";

/**
 * How faithful the product in the image shown is: as its record or edit answer said, or, for
 * an image the app has not read yet, from its record, read once. Null when not measured.
 */
export function useShownFidelity(recordId: string, url: string): TFidelity | null {
  const known = knownFidelity(url);
  const query = useQuery({
    queryKey: ["fidelity", recordId, url],
    queryFn: async () => {
      await fetchRecord(recordId);
      return knownFidelity(url) ?? null;
    },
    enabled: known === undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return known ?? query.data ?? null;
}
