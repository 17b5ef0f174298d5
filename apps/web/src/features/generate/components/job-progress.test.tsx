import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { JobProgress } from "./job-progress.tsx";

describe("the job's progress card", () => {
  it("measures the stage with a percentage when the server reports its progress", () => {
    render(<JobProgress job="Upscale" stage="upscaling" progress={0.424} startedAt={Date.now()} />);
    const bar = screen.getByRole("progressbar", { name: "Upscale progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "42");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveAttribute("aria-valuetext", "Upscaling to twice the size, 42%");
    expect(screen.getByText("42%")).toBeInTheDocument();
    expect(screen.getByText("Upscaling to twice the size…")).toBeInTheDocument();
  });

  it("estimates from the stage's name, without a percentage, when progress is unknown", () => {
    render(
      <JobProgress job="Generation" stage="composing" progress={null} startedAt={Date.now()} />,
    );
    const bar = screen.getByRole("progressbar", { name: "Generation progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "66");
    expect(bar).toHaveAttribute("aria-valuetext", "Composing the new scene, about 66%");
    expect(screen.queryByText(/^\d+%$/)).not.toBeInTheDocument();
  });

  it("follows the progress as it grows", () => {
    const { rerender } = render(
      <JobProgress job="Upscale" stage="upscaling" progress={0} startedAt={Date.now()} />,
    );
    const bar = screen.getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    rerender(<JobProgress job="Upscale" stage="upscaling" progress={1} startedAt={Date.now()} />);
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("100%")).toBeInTheDocument();
  });
});
