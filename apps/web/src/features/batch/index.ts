/** The batch's entry: the Generate page's working area, the studio or a batch of photos. */
export { GenerateWorkspace } from "./components/generate-workspace.tsx";
