import { ExactProductOption } from "./exact-product-option.tsx";
import { RelightOption } from "./relight-option.tsx";

export type ProductOptionProps = {
  /** The engine's model can relight the product (fal): that is the choice offered. */
  relightOption: boolean;
  relightProduct: boolean;
  onRelightProduct: (checked: boolean) => void;
  /** What the "Exact product" switch shows: the seller's choice, else the prompt's default. */
  exactProduct: boolean;
  onExactProduct: (checked: boolean) => void;
};

/**
 * The one choice about the product's pixels: on fal, whose paste-back keeps them exactly, only
 * whether its model may relight the product; elsewhere, "Exact product".
 */
export function ProductOption(props: ProductOptionProps) {
  return props.relightOption ? (
    <RelightOption checked={props.relightProduct} onChange={props.onRelightProduct} />
  ) : (
    <ExactProductOption checked={props.exactProduct} onChange={props.onExactProduct} />
  );
}
