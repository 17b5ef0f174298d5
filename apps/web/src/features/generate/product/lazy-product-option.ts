import { lazyComponent } from "../../../lib/lazy-component.ts";
import type { ProductOptionProps } from "./product-option.tsx";

/** The product's option, below the fold: kept out of the first download. */
export const LazyProductOption = lazyComponent<ProductOptionProps>(() =>
  import("./product-option.tsx").then((module) => module.ProductOption),
);
