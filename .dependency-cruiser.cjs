/**
 * The shape of the code, checked in `npm test` (docs/decisions.md, "The house").
 * The server's top-level folders form layers that depend one way, top to bottom:
 *   (composition root: main, worker, app, container)
 *   routes → identity → services → jobs | payments | engines | mail | storage
 *          → repositories → config → lib
 * A folder may import any folder below it, never one above it nor a sibling of its layer.
 */
const SERVER = "^apps/server/src";
const LAYERS = [
  ["routes"],
  ["identity"],
  ["services"],
  ["jobs", "payments", "engines", "mail", "storage"],
  ["repositories"],
  ["config"],
  ["lib"],
];

const folder = (name) => `${SERVER}/${name}/`;
const any = (names) => `${SERVER}/(${names.join("|")})/`;

const layerRules = LAYERS.flatMap((layer, rank) => {
  const above = LAYERS.slice(0, rank).flat();
  return layer.flatMap((name) => {
    const siblings = layer.filter((other) => other !== name);
    const rules = [];
    if (above.length > 0) {
      rules.push({
        name: `${name}-not-upward`,
        comment: `${name}/ sits below ${above.join(", ")}: it must not import them.`,
        severity: "error",
        from: { path: folder(name) },
        to: { path: any(above) },
      });
    }
    if (siblings.length > 0) {
      rules.push({
        name: `${name}-not-sideways`,
        comment: `${name}/ shares its layer with ${siblings.join(", ")}: siblings stay apart.`,
        severity: "error",
        from: { path: folder(name) },
        to: { path: any(siblings) },
      });
    }
    return rules;
  });
});

/**
 * Inside services/generations/, its rooms depend one way, top to bottom:
 *   (the top-level files: generations.service, job-acceptance, create-jobs)
 *   → runner/   claiming, attempting and ending a job; each kind of job (runner/kinds/)
 *   → uploads/  taking in a photo, its storage allowance, its cut-out at upload
 *   → records/  a record and its stored files: URLs and keys, reading them for the API,
 *               thumbnails, kept scenes, who may spend, deleting and archiving
 * A room may import the rooms below it, never the top-level files nor a room above it.
 */
const GENERATIONS = `${SERVER}/services/generations`;
const ROOMS = ["runner", "uploads", "records"];

const roomRules = ROOMS.map((name, rank) => {
  const above = ROOMS.slice(0, rank);
  const upward = [`${GENERATIONS}/[^/]+\\.ts$`, ...above.map((room) => `${GENERATIONS}/${room}/`)];
  const names = ["the top-level files", ...above.map((room) => `${room}/`)];
  return {
    name: `generations-${name}-not-upward`,
    comment: `generations/${name}/ sits below ${names.join(", ")}: it must not import them.`,
    severity: "error",
    from: { path: `${GENERATIONS}/${name}/` },
    to: { path: upward },
  };
});

module.exports = {
  // The offline engine's own order of folders, and the web app's features and their order.
  extends: ["./.dependency-cruiser-engine.cjs", "./.dependency-cruiser-web.cjs"],
  forbidden: [
    {
      name: "no-circular",
      comment: "No module reaches itself again through its imports, type imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "composition-root-on-top",
      comment: "main, worker, app and container wire everything; nothing imports them.",
      severity: "error",
      from: { path: `${SERVER}/[^/]+/` },
      to: { path: `${SERVER}/[^/]+\\.ts$` },
    },
    ...layerRules,
    {
      name: "routes-not-to-repositories",
      comment:
        "Routes never touch SQL: what they need of the database comes through services/, type imports included.",
      severity: "error",
      from: { path: folder("routes") },
      to: { path: folder("repositories") },
    },
    ...roomRules,
    {
      name: "source-not-to-tests",
      comment: "Product code never imports a test or a test helper.",
      severity: "error",
      from: { path: "^(apps|packages)/[^/]+/src/", pathNot: "\\.test(-helper)?\\.tsx?$|/test/" },
      to: { path: "\\.test\\.tsx?$|\\.test-helper\\.tsx?$|^apps/[^/]+/test/|^apps/web/src/test/" },
    },
    {
      name: "shared-stands-alone",
      comment: "The shared package is below both apps: it imports neither.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    {
      name: "apps-apart",
      comment: "The web app and the server meet only in packages/shared.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules|test-results)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
