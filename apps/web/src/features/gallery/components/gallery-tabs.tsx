import { type KeyboardEvent, useRef } from "react";
import { cx } from "../../../lib/cx.ts";
import { GALLERY_TABS, type GalleryTabId } from "../gallery-images.ts";

export const tabId = (id: GalleryTabId) => `gallery-tab-${id}`;
export const panelId = (id: GalleryTabId) => `gallery-panel-${id}`;

const NEXT_INDEX: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The gallery's tabs with their counts: one tab stop (roving tabindex); the arrow keys, Home
 * and End move between them and select the one they reach.
 */
export function GalleryTabs({
  selected,
  counts,
  onSelect,
}: {
  selected: GalleryTabId;
  /** Null while the images load. */
  counts: Record<GalleryTabId, number> | null;
  onSelect: (id: GalleryTabId) => void;
}) {
  const tabs = useRef(new Map<GalleryTabId, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const move = NEXT_INDEX[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const current = GALLERY_TABS.findIndex((tab) => tab.id === selected);
    const next = GALLERY_TABS[move(current, GALLERY_TABS.length)];
    if (!next) return;
    onSelect(next.id);
    tabs.current.get(next.id)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Images"
      className="grid w-full grid-cols-3 gap-1 rounded-2xl border border-line bg-surface p-1 shadow-xs sm:inline-flex sm:w-auto sm:rounded-full"
    >
      {GALLERY_TABS.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabs.current.set(tab.id, element);
              else tabs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-controls={panelId(tab.id)}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={onKeyDown}
            className={cx(
              // Below sm the three share the width, each count under its label.
              "flex min-w-0 flex-col items-center justify-center gap-1 rounded-xl px-1.5 py-2 text-[0.8125rem] font-semibold whitespace-nowrap transition-colors duration-150 sm:h-10 sm:flex-row sm:gap-2 sm:rounded-full sm:px-4 sm:py-0 sm:text-sm",
              active
                ? "bg-ink text-white shadow-sm"
                : "text-ink-muted hover:bg-sunken hover:text-ink",
            )}
          >
            {tab.label}{" "}
            {counts ? (
              <span
                className={cx(
                  "min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs leading-4 font-semibold tabular-nums",
                  active ? "bg-white/15 text-white" : "bg-sunken text-ink-muted",
                )}
              >
                {counts[tab.id]}
              </span>
            ) : (
              <span
                aria-hidden="true"
                className={cx(
                  "h-5 w-6 animate-pulse rounded-full",
                  active ? "bg-white/15" : "bg-sunken",
                )}
              />
            )}
          </button>
        );
      })}
    </div>
  );
}
