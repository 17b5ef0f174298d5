/** Starting points shown under the prompt; each swatch hints at the scene's colours. */
export const EXAMPLE_PROMPTS = [
  {
    prompt: "On a marble counter, morning light",
    swatch: "linear-gradient(135deg, #f4efe8 0%, #d9d2c7 55%, #fbe3c4 100%)",
  },
  {
    prompt: "Sandy beach at golden hour",
    swatch: "linear-gradient(135deg, #fcd9a8 0%, #f29f67 50%, #d9825b 100%)",
  },
  {
    prompt: "Pastel pink studio backdrop",
    swatch: "linear-gradient(135deg, #fde2e4 0%, #f7c6cf 60%, #eeb1bf 100%)",
  },
  {
    prompt: "Rustic wooden table, green leaves",
    swatch: "linear-gradient(135deg, #a3b18a 0%, #6b7f4f 45%, #8a5a3b 100%)",
  },
  {
    prompt: "Neon city street at night",
    swatch: "linear-gradient(135deg, #1f1c3b 0%, #4c2a85 50%, #e0457b 100%)",
  },
] as const;
