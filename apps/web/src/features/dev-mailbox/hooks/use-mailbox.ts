import { useQuery } from "@tanstack/react-query";
import { fetchMailbox } from "../api.ts";

export function useMailbox() {
  return useQuery({ queryKey: ["dev-mailbox"], queryFn: fetchMailbox, retry: false });
}
