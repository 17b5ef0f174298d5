import { Suspense } from "react";
import { lazyComponent } from "../../../lib/lazy-component.ts";

const HowItWorksSection = lazyComponent<object>(() =>
  import("./how-it-works.tsx").then((module) => module.HowItWorks),
);

/** The three steps, below the studio: kept out of the first download. */
export function LazyHowItWorks() {
  return (
    <Suspense fallback={null}>
      <HowItWorksSection />
    </Suspense>
  );
}
