import { StudioPanel } from "../../generate/components/studio-panel.tsx";
import { useBatch } from "../hooks/use-batch.ts";
import { BatchPanel } from "./batch-panel.tsx";

/**
 * The Generate page's working area: the studio, or, once several photos are picked in it, the
 * batch of them. Leaving the batch brings back an empty studio.
 */
export function GenerateWorkspace() {
  const batch = useBatch();
  return batch.open ? <BatchPanel batch={batch} /> : <StudioPanel onPickMany={batch.begin} />;
}
