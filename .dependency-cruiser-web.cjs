/**
 * dependency-cruiser (v17) rules for the web app, apps/web/src. The main config extends this
 * file; run it alone with
 *   npx depcruise apps/web/src --config .dependency-cruiser-web.cjs
 * from the repository root (paths below are relative to it).
 *
 *   main.tsx, app.tsx, router.tsx, lazy-pages.ts   the app, its routes, the pages loaded apart
 *   pages/          one file a route: puts the features' parts on the page
 *   features/       the product's parts, each a folder entered through its index.ts
 *   components/ui/  the look's building blocks;  lib/  helpers any part may use
 *   test/           the tests' shared set-up
 *
 * lib/ and components/ sit below the features, and the features below the pages and the app:
 * nothing imports upward. A feature is entered only through its index.ts, from another
 * feature, a page, the router, the app or a test. A lazy part stays inside the feature that
 * owns it: the entry exports the lazy component (the editor's AiEditor, auth's
 * ConfirmLogoutDialog), so no import() names another feature's file.
 *
 * The features form a one-way order; each may import only the features listed with it:
 *
 *   auth, legal, support, dev-mailbox   (import no feature)
 *   account       auth
 *   pricing       auth
 *   payment       pricing
 *   shell         auth, pricing
 *   editor        auth
 *   generate      auth, editor
 *   gallery       auth (its tests also generate: what the studio opens for a gallery link)
 *   batch         auth, generate
 *
 * Tests follow the same order.
 */

const WEB = "^apps/web/src/";
const FEATURES_DIR = `${WEB}features/`;
const ENTRY = `${FEATURES_DIR}[^/]+/index\\.ts$`;
const TESTS = "\\.test(-helper)?\\.tsx?$";

/**
 * Each feature after the features it may import: [name, uses, what its tests may also use].
 * A feature may use only features listed before it, so the order cannot loop.
 */
const FEATURES = [
  ["auth", []],
  ["legal", []],
  ["support", []],
  ["dev-mailbox", []],
  ["account", ["auth"]],
  ["pricing", ["auth"]],
  ["payment", ["pricing"]],
  ["shell", ["auth", "pricing"]],
  ["editor", ["auth"]],
  ["generate", ["auth", "editor"]],
  ["gallery", ["auth"], ["generate"]],
  ["batch", ["auth", "generate"]],
];

const listed = new Set();
for (const [name, uses, testUses = []] of FEATURES) {
  const later = [...uses, ...testUses].filter((used) => !listed.has(used));
  if (later.length > 0) {
    throw new Error(
      `.dependency-cruiser-web.cjs: ${name} may import only features listed before it, not ${later.join(", ")}`,
    );
  }
  listed.add(name);
}

const feature = (name) => `${FEATURES_DIR}${name}/`;

const orderRules = FEATURES.flatMap(([name, uses, testUses = []]) => {
  const allowed = [feature(name), ...uses.map(feature)];
  const comment = `features/${name} may import only ${uses.join(", ") || "no other feature"}`;
  return [
    {
      name: `web-feature-order-${name}`,
      comment,
      severity: "error",
      from: { path: feature(name), pathNot: TESTS },
      to: { path: FEATURES_DIR, pathNot: allowed },
    },
    {
      name: `web-feature-order-${name}-tests`,
      comment: testUses.length > 0 ? `${comment} (its tests also ${testUses.join(", ")})` : comment,
      severity: "error",
      from: { path: `${feature(name)}.*${TESTS}` },
      to: { path: FEATURES_DIR, pathNot: [...allowed, ...testUses.map(feature)] },
    },
  ];
});

module.exports = {
  forbidden: [
    ...orderRules,
    {
      name: "web-feature-listed",
      comment:
        "Every folder of apps/web/src/features has its place in FEATURES (.dependency-cruiser-web.cjs)",
      severity: "error",
      from: { path: `${FEATURES_DIR}(?!(${[...listed].join("|")})/)` },
      to: {},
    },
    {
      name: "web-feature-entry",
      comment: "Another feature is entered only through its index.ts",
      severity: "error",
      from: { path: `${FEATURES_DIR}([^/]+)/` },
      to: { path: FEATURES_DIR, pathNot: [`${FEATURES_DIR}$1/`, ENTRY] },
    },
    {
      name: "web-feature-entry-from-outside",
      comment: "Pages, the router, the app and tests enter a feature only through its index.ts",
      severity: "error",
      from: { path: WEB, pathNot: FEATURES_DIR },
      to: { path: FEATURES_DIR, pathNot: ENTRY },
    },
    {
      name: "web-nothing-upward",
      comment:
        "lib/, components/ and the features import no page, nor the app's own files (main, app, router, lazy-pages)",
      severity: "error",
      from: { path: `${WEB}(lib|components|features)/` },
      to: { path: [`${WEB}pages/`, `${WEB}[^/]+$`] },
    },
    {
      name: "web-helpers-below-features",
      comment: "lib/ and components/ are below the features: they import none",
      severity: "error",
      from: { path: `${WEB}(lib|components)/` },
      to: { path: FEATURES_DIR },
    },
  ],
  options: {
    // Type-only imports count: a wrong-way import through types is still one.
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
  },
};
