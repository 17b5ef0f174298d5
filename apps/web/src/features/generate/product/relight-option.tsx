import { OptionCheck } from "./option-check.tsx";

type RelightOptionProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * "Let the model relight the product", off by default: off, the product's own pixels are put
 * back over the model's picture; on, the model may change its colours to match the scene.
 */
export function RelightOption({ checked, onChange }: RelightOptionProps) {
  return (
    <OptionCheck
      id="relight"
      label="Let the model relight the product"
      description={
        checked
          ? "The AI redraws your product in the scene's light: its colours and label may change."
          : "Off: your product keeps its own pixels, exactly as photographed."
      }
      checked={checked}
      onChange={onChange}
    />
  );
}
