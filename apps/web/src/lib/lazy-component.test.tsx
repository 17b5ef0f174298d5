import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyComponent } from "./lazy-component.ts";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function inSuspense(children: React.ReactNode) {
  return <Suspense fallback={<p>Loading…</p>}>{children}</Suspense>;
}

describe("lazyComponent", () => {
  it("renders a preloaded component in its first commit, never its fallback", async () => {
    const Lazy = lazyComponent(async () => Greeting);
    Lazy.preload();
    await act(async () => {});

    render(inSuspense(<Lazy name="Ada" />));

    expect(screen.getByText("Hello Ada")).toBeInTheDocument();
    expect(screen.queryByText("Loading…")).not.toBeInTheDocument();
  });

  it("shows the fallback while a component not yet fetched loads, then the component", async () => {
    let resolve: (component: typeof Greeting) => void = () => {};
    const Lazy = lazyComponent(() => new Promise<typeof Greeting>((done) => (resolve = done)));

    render(inSuspense(<Lazy name="Grace" />));
    expect(screen.getByText("Loading…")).toBeInTheDocument();

    await act(async () => resolve(Greeting));
    expect(await screen.findByText("Hello Grace")).toBeInTheDocument();
  });

  it("tries again after a failed fetch", async () => {
    let calls = 0;
    const Lazy = lazyComponent(async () => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return Greeting;
    });
    Lazy.preload();
    await act(async () => {});
    Lazy.preload();
    await act(async () => {});

    render(inSuspense(<Lazy name="Linus" />));
    expect(screen.getByText("Hello Linus")).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
