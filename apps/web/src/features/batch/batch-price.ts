import type { Aspect } from "@backdrop/shared";
import { formatNumber } from "../../lib/format.ts";
import type { ImageSize } from "../generate/index.ts";
import { outputOf } from "../generate/index.ts";

export type BatchPrice = {
  photos: number;
  total: number;
  /** Each photo's price when they all cost the same, else null. */
  each: number | null;
};

/** What the batch costs: each photo priced as the picture it makes at `aspect`. */
export function batchPrice(photos: readonly ImageSize[], aspect: Aspect): BatchPrice {
  const costs = photos.map((photo) => outputOf(photo, aspect)?.cost ?? 0);
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  const each = costs.every((cost) => cost === costs[0]) ? (costs[0] ?? null) : null;
  return { photos: photos.length, total, each };
}

function counted(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? "" : "s"}`;
}

/** "20 photos × 8 tokens = 160 tokens", or "3 photos = 40 tokens" when their prices differ. */
export function priceText({ photos, total, each }: BatchPrice): string {
  const count = counted(photos, "photo");
  const sum = counted(total, "token");
  return each === null ? `${count} = ${sum}` : `${count} × ${counted(each, "token")} = ${sum}`;
}
