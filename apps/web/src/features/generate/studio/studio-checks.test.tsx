import { GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { stubImageSize } from "../../../test/fake-browser.ts";
import { callsTo } from "../../../test/mock-api.ts";
import {
  fillStudio,
  generationAnswers,
  renderStudio,
  stubStudioBrowser,
  subscriber,
} from "../../../test/studio.ts";

const generateButton = () => screen.getByRole("button", { name: "Generate" });

describe("studio checks before generating (SPEC point 5)", () => {
  beforeEach(stubStudioBrowser);

  it("asks for a photo and a prompt with a message by each", async () => {
    const { user, fetchMock } = renderStudio();

    await user.click(generateButton());

    expect(await screen.findByText(GENERATION_MESSAGES.imageRequired)).toBeInTheDocument();
    expect(screen.getByText(GENERATION_MESSAGES.promptRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Describe the new background")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(screen.getByLabelText("Your photo")).toHaveFocus();

    await fillStudio(user);
    expect(screen.queryByText(GENERATION_MESSAGES.imageRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(GENERATION_MESSAGES.promptRequired)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);
  });

  it("shows the photo's size and price before generating", async () => {
    stubImageSize(1920, 1080);
    const { user } = renderStudio();
    expect(screen.getByText("8 tokens per megapixel of your photo")).toBeInTheDocument();

    await fillStudio(user);

    expect(screen.getByText(/1920 × 1080 px/)).toBeInTheDocument();
    expect(screen.getByText(/This photo costs/)).toHaveTextContent(
      "This photo costs 24 tokens · you have 120",
    );
  });

  it("opens Subscription Required for a user without a payment customer", async () => {
    const { user, router, fetchMock } = renderStudio(generationAnswers(), {
      session: subscriber({ stripeCustomerId: null }),
    });
    await fillStudio(user);

    await user.click(generateButton());

    const dialog = await screen.findByRole("dialog", { name: "Subscription Required" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);

    await user.click(generateButton());
    const again = await screen.findByRole("dialog", { name: "Subscription Required" });
    await user.click(within(again).getByRole("link", { name: "View Plans" }));
    expect(router.state.location.pathname).toBe("/pricing");
  });

  it("says when the balance does not cover the photo, and starts nothing", async () => {
    const { user, fetchMock } = renderStudio(generationAnswers(), {
      session: subscriber({ numOfTokens: 0, subscriptionTokens: 7 }),
    });
    await fillStudio(user);

    await user.click(generateButton());

    expect(await screen.findByText(GENERATION_MESSAGES.notEnoughTokens)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get more tokens" })).toHaveAttribute(
      "href",
      "/pricing",
    );
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);
  });

  it("disables Generate with the expiry tooltip once the subscription has ended", async () => {
    const { user, fetchMock } = renderStudio(generationAnswers(), {
      session: subscriber({ subscriptionEndDate: "2020-01-31T00:00:00.000Z" }),
    });
    await fillStudio(user);

    const button = generateButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(GENERATION_MESSAGES.subscriptionExpired);
    const tip = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(tip).toHaveAttribute("role", "tooltip");

    // the disabled button cannot take focus: its wrapper does, described by the tooltip
    const wrapper = button.parentElement as HTMLElement;
    wrapper.focus();
    expect(wrapper).toHaveFocus();
    expect(wrapper).toHaveAccessibleDescription(GENERATION_MESSAGES.subscriptionExpired);

    await user.click(button);
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);
  });
});
