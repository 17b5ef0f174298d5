/**
 * What the queue method gives with the local engine, for the studio's method picker: a
 * full-quality cut-out and the scene drawn at the richer quality (see RenderQuality).
 */
export const LOCAL_QUEUE_NOTE =
  "Queue takes a few seconds more for a finer cut-out around hair and edges, and a more detailed scene with softer shadows and light.";
