import { Brush, Eraser, MousePointerClick } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "../../../lib/cx.ts";
import type { Tool } from "./brush-settings.ts";

const TOOLS: { tool: Tool; label: string; icon: ReactNode }[] = [
  { tool: "keep", label: "Keep", icon: <Brush aria-hidden="true" /> },
  { tool: "erase", label: "Erase", icon: <Eraser aria-hidden="true" /> },
  { tool: "remove", label: "Remove a piece", icon: <MousePointerClick aria-hidden="true" /> },
];

export const toggleClasses = (pressed: boolean) =>
  cx(
    "inline-flex h-9 items-center justify-center gap-1.5 rounded-full px-3 text-sm font-semibold transition-colors [&_svg]:size-4",
    pressed
      ? "bg-ink text-white focus-visible:outline-accent-600"
      : "border border-line-strong bg-surface text-ink hover:bg-sunken",
  );

type SliderProps = {
  label: string;
  value: number;
  min: number;
  max: number;
  shown: string;
  onChange: (value: number) => void;
  disabled?: boolean;
};

function Slider({ label, value, min, max, shown, onChange, disabled }: SliderProps) {
  return (
    <label className={cx("block", disabled && "opacity-55")}>
      <span className="flex justify-between text-sm font-medium text-ink">
        {label}
        <span className="text-ink-subtle tabular-nums">{shown}</span>
      </span>
      <input
        type="range"
        aria-label={label}
        aria-valuetext={shown}
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-1.5 w-full accent-accent-600"
      />
    </label>
  );
}

type BrushControlsProps = {
  tool: Tool;
  onTool: (tool: Tool) => void;
  size: number;
  sizeRange: { min: number; max: number };
  onSize: (size: number) => void;
  softness: number;
  onSoftness: (softness: number) => void;
};

/** Keep, Erase or Remove a piece, and the brush's size and soft edge. */
export function BrushControls(props: BrushControlsProps) {
  const painting = props.tool !== "remove";
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Tool</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {TOOLS.map(({ tool, label, icon }) => (
            <button
              key={tool}
              type="button"
              aria-pressed={props.tool === tool}
              onClick={() => props.onTool(tool)}
              className={toggleClasses(props.tool === tool)}
            >
              {icon}
              {label}
            </button>
          ))}
        </div>
        <p className="mt-2 text-xs text-ink-subtle">
          {painting
            ? "Paint over the photo. Keep brings the subject back, Erase takes background away."
            : "Click or tap a leftover piece of background to remove all of it."}
        </p>
      </fieldset>
      <Slider
        label="Brush size"
        value={props.size}
        min={props.sizeRange.min}
        max={props.sizeRange.max}
        shown={`${props.size} px`}
        onChange={props.onSize}
        disabled={!painting}
      />
      <Slider
        label="Soft edge"
        value={Math.round(props.softness * 100)}
        min={0}
        max={100}
        shown={`${Math.round(props.softness * 100)}%`}
        onChange={(value) => props.onSoftness(value / 100)}
        disabled={!painting}
      />
    </div>
  );
}
