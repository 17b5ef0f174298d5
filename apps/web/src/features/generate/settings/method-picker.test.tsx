import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MethodPicker } from "./method-picker.tsx";

const NOTE = "Queue takes a few seconds more for a finer cut-out.";

describe("MethodPicker", () => {
  it("says what the queue does better, read with the Queue choice", () => {
    render(<MethodPicker value="realtime" onChange={() => {}} queueNote={NOTE} />);
    expect(screen.getByText(NOTE)).toBeVisible();
    expect(screen.getByRole("radio", { name: "Queue" })).toHaveAccessibleDescription(
      `Higher quality but slower ${NOTE}`,
    );
    expect(screen.getByRole("radio", { name: "Realtime" })).toHaveAccessibleDescription(
      "Faster but less accurate",
    );
  });

  it("shows no note when the engine gives none, and reports the choice", async () => {
    const onChange = vi.fn();
    render(<MethodPicker value="realtime" onChange={onChange} queueNote={null} />);
    expect(screen.queryByText(/Queue takes/)).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: "Queue" }));
    expect(onChange).toHaveBeenCalledWith("queue");
  });
});
