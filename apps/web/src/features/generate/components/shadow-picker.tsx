import type { ShadowStyle } from "@backdrop/shared";

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
      <div className="mt-2 grid grid-cols-3 gap-1 rounded-2xl bg-sunken p-1">
        {SHADOWS.map(({ value: shadow, title, description }) => {
          const id = `studio-shadow-${shadow}`;
          return (
            <div
              key={shadow}
              className="relative rounded-xl px-2 py-2 text-center transition-colors has-[:checked]:bg-surface has-[:checked]:shadow-card has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-600"
            >
              <input
                id={id}
                type="radio"
                name="shadow"
                value={shadow}
                checked={value === shadow}
                onChange={() => onChange(shadow)}
                aria-describedby={`${id}-description`}
                className="absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              />
              <label htmlFor={id} className="block text-sm font-semibold text-ink">
                {title}
              </label>
              <span id={`${id}-description`} className="block text-xs leading-snug text-ink-muted">
                {description}
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
