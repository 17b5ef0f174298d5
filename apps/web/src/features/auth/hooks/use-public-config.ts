import { useQuery } from "@tanstack/react-query";
import { fetchPublicConfig } from "../api.ts";

export const PUBLIC_CONFIG_QUERY_KEY = ["config"] as const;

/**
 * GET /api/config, read once per page session: whether Google sign-in is offered, and what the
 * queue method does better than realtime with this server's engine.
 */
export function usePublicConfig() {
  const query = useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: fetchPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    googleSignIn: query.data?.googleSignIn === true,
    queueNote: query.data?.queueNote ?? null,
    relightOption: query.data?.relightOption === true,
  };
}
