import { Sparkles } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";

export function GenerateHero() {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <Badge tone="accent">
        <Sparkles aria-hidden="true" />
        AI backgrounds for products and people
      </Badge>
      <h1 className="mt-5 text-[2.5rem] leading-[1.05] font-bold tracking-tight text-ink sm:text-6xl lg:text-[4.25rem]">
        Place your product or actor{" "}
        <span className="relative whitespace-nowrap text-accent-600">
          anywhere
          <svg
            aria-hidden="true"
            viewBox="0 0 220 16"
            preserveAspectRatio="none"
            className="absolute -bottom-1.5 left-0 h-3 w-full text-accent-300"
          >
            <path
              d="M3 11 C 60 3, 150 3, 217 9"
              fill="none"
              stroke="currentColor"
              strokeWidth="5"
              strokeLinecap="round"
            />
          </svg>
        </span>{" "}
        with AI
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-ink-muted sm:text-xl">
        Upload a photo, describe the scene in plain words and get your subject back in a brand-new
        setting. Then upscale it 2x or refine it with a text prompt.
      </p>
    </header>
  );
}
