import { OptionCheck } from "./option-check.tsx";

type ExactProductOptionProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * "Exact product": on, the product's pixels are composited exactly as photographed and only the
 * scene around it is lit; off, the offline engine leans its colours toward the scene's light.
 */
export function ExactProductOption({ checked, onChange }: ExactProductOptionProps) {
  return (
    <OptionCheck
      id="exact-product"
      role="switch"
      label="Exact product"
      description="Keeps every pixel of your product as photographed; only the scene around it is lit."
      checked={checked}
      onChange={onChange}
    />
  );
}
