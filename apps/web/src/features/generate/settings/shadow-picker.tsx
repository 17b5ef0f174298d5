import type { ShadowStyle } from "@backdrop/shared";
import { cx } from "../../../lib/cx.ts";
import { RADIO_TRAY, RadioTile } from "./radio-tile.tsx";

const SHADOWS: { value: ShadowStyle; title: string; description: string }[] = [
  { value: "natural", title: "Natural", description: "Cast by the scene's light" },
  { value: "soft", title: "Soft", description: "Only under the subject" },
  { value: "none", title: "None", description: "No shadow at all" },
];

type ShadowPickerProps = {
  value: ShadowStyle;
  onChange: (value: ShadowStyle) => void;
};

/** The subject's shadow: natural cast and contact shadows, a soft contact shadow, or none. */
export function ShadowPicker({ value, onChange }: ShadowPickerProps) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Shadow</legend>
      <div className={cx(RADIO_TRAY, "mt-2 grid grid-cols-3 gap-1")}>
        {SHADOWS.map(({ value: shadow, title, description }) => (
          <RadioTile
            key={shadow}
            group="shadow"
            value={shadow}
            checked={value === shadow}
            onSelect={() => onChange(shadow)}
            label={title}
            description={description}
            className="text-center"
          />
        ))}
      </div>
    </fieldset>
  );
}
