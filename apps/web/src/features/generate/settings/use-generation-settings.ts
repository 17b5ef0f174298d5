import {
  type Aspect,
  DEFAULT_ASPECT,
  DEFAULT_SHADOW_STYLE,
  type ShadowStyle,
} from "@backdrop/shared";
import { useState } from "react";
import { DEFAULT_METHOD, type ProcessingMethod } from "./processing-method.ts";

/** The prompt and the choices a generation is made with. */
export type GenerationSettings = {
  prompt: string;
  method: ProcessingMethod;
  shadow: ShadowStyle;
  aspect: Aspect;
  /** Let the model relight the product instead of keeping its own pixels (fal only). */
  relightProduct: boolean;
  /**
   * Keep every pixel of the product as photographed ("Exact product"); null until the seller
   * chooses, when it follows the prompt (on for a white or marketplace request).
   */
  exactProduct: boolean | null;
};

/** The studio's and the batch's settings, each with its setter, starting from the defaults. */
export function useGenerationSettings() {
  const [prompt, setPrompt] = useState("");
  const [method, setMethod] = useState<ProcessingMethod>(DEFAULT_METHOD);
  const [shadow, setShadow] = useState<ShadowStyle>(DEFAULT_SHADOW_STYLE);
  const [aspect, setAspect] = useState<Aspect>(DEFAULT_ASPECT);
  const [relightProduct, setRelightProduct] = useState(false);
  const [exactProduct, setExactProduct] = useState<boolean | null>(null);
  return {
    prompt,
    setPrompt,
    method,
    setMethod,
    shadow,
    setShadow,
    aspect,
    setAspect,
    relightProduct,
    setRelightProduct,
    exactProduct,
    setExactProduct,
  };
}

export type GenerationSettingsState = ReturnType<typeof useGenerationSettings>;
