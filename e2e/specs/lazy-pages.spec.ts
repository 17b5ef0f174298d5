import { expect, test } from "@playwright/test";
import { chunkOf, readManifest } from "./web-build.ts";

const GENERATE_HEADING = "Place your product or actor anywhere with AI";
const pricingChunk = () => chunkOf(readManifest(), "src/pages/pricing-page.tsx");

test("/ fetches another page's code only once a link to it is pointed at", async ({ page }) => {
  const chunk = pricingChunk();
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GENERATE_HEADING);
  expect(fetched).not.toContain(`/${chunk}`);

  const pricing = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "Pricing",
  });
  const preloaded = page.waitForRequest((request) => request.url().endsWith(`/${chunk}`));
  await pricing.hover();
  await preloaded;

  await pricing.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple plans, paid in tokens");
});

test("a page whose code cannot load says so and offers a reload", async ({ page }) => {
  // As after a deploy: the page's chunk of the running build is gone from the server.
  const chunk = pricingChunk();
  await page.route(`**/${chunk}`, (route) => route.fulfill({ status: 404, body: "Not found" }));

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GENERATE_HEADING);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Pricing" })
    .click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not load");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.unroute(`**/${chunk}`);
  await page.getByRole("button", { name: "Reload the page" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple plans, paid in tokens");
});
