import type { ReactNode } from "react";
import { cx } from "../../../lib/cx.ts";

/** The sunken tray radio tiles sit in: the checked one is raised out of it. */
export const RADIO_TRAY = "rounded-2xl bg-sunken p-1";

type RadioTileProps = {
  /** The radio group's name: tiles with the same name are one group for the arrow keys. */
  group: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  /** The radio's name. */
  label: ReactNode;
  /** Read after the name. */
  description?: ReactNode;
  className?: string;
};

/**
 * One choice of a group, drawn as a tile: a native radio covers it, so clicks anywhere on it,
 * the arrow keys and assistive tech all work as they do on a plain radio button.
 */
export function RadioTile({
  group,
  value,
  checked,
  onSelect,
  label,
  description,
  className,
}: RadioTileProps) {
  const id = `studio-${group}-${value.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <div
      className={cx(
        "group/tile relative rounded-xl px-2 py-2 transition-colors has-[:checked]:bg-surface has-[:checked]:shadow-card has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-600",
        className,
      )}
    >
      <input
        id={id}
        type="radio"
        name={group}
        value={value}
        checked={checked}
        onChange={onSelect}
        aria-describedby={description ? `${id}-description` : undefined}
        className="absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-xl opacity-0"
      />
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {description && (
        <span id={`${id}-description`} className="block text-xs leading-snug text-ink-muted">
          {description}
        </span>
      )}
    </div>
  );
}
