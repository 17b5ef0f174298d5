/**
 * dependency-cruiser (v17) rules for the offline image engine, apps/server/src/engines/local.
 * The main config extends this file; run it alone with
 *   npx depcruise apps/server/src --config .dependency-cruiser-engine.cjs
 * from the repository root (paths below are relative to it). The engine's imports name their files
 * with extensions, so no tsconfig is needed; to pass one, give its absolute path
 * (--ts-config "$PWD/apps/server/tsconfig.json"): dependency-cruiser 17 resolves the relative
 * one's `extends` from the wrong folder.
 *
 * The engine's folders form a one-way order; each may import only the ones listed under it:
 *
 *   common/      pixel basics: clamp, colour, seeded random, decode/encode   (imports nothing)
 *   types.ts     shared types (scene plan, geometry, bounds, cut-out)         common
 *   models/      ISNet, ESRGAN graph + model, model-run queue, ONNX writer   common, types
 *   cutout/      matte, guided filter, matte fixes, cut-out                   common, types, models
 *   upscale/     ESRGAN and Lanczos upscalers, tiling                         common, types, models
 *   scene/       plan/ (words → plan), render/ (plan → pixels), library/ (photos) common, types
 *   composite/   framing, shadows/, light/, reflection, composite            common, types, scene
 *   fidelity/    CIEDE2000, the product's inside, difference map            common, types
 *   keep-subject/ alignment, paste-back, placing a cut-out                   common, types, upscale, fidelity
 *   scene-state/ the kept scene, its render, the look settings and pixels    common, types, cutout, scene, composite, fidelity
 *   edits/       edit reading and checks, looks on a picture's own pixels    common, types, scene, scene-state
 *   local.engine.ts  the engine's public entry                               anything above
 *
 * A folder is entered only through its index.ts (from anywhere outside it, inside the engine or
 * not); the same holds for the sub-folders scene/plan, scene/render, scene/library, composite/shadows and
 * composite/light, which do not import each other. Tests follow the same order, but a test may
 * also import the engine entry (local.engine.ts) to check a part through the whole engine, and
 * a sub-folder's tests may use its sibling (render tests build their plans with scene/plan).
 */

const ROOT = "^apps/server/src/engines/local/";
const ENTRY = `${ROOT}local\\.engine\\.ts$`;
const TESTS = "\\.test\\.ts$";

/** Each part of the engine: its path, and the parts it may import (besides itself). */
const PARTS = {
  common: { path: `${ROOT}common/`, uses: [] },
  types: { path: `${ROOT}types\\.ts$`, uses: ["common"] },
  models: { path: `${ROOT}models/`, uses: ["common", "types"] },
  cutout: { path: `${ROOT}cutout/`, uses: ["common", "types", "models"] },
  upscale: { path: `${ROOT}upscale/`, uses: ["common", "types", "models"] },
  scene: { path: `${ROOT}scene/`, uses: ["common", "types"] },
  composite: { path: `${ROOT}composite/`, uses: ["common", "types", "scene"] },
  fidelity: { path: `${ROOT}fidelity/`, uses: ["common", "types"] },
  "keep-subject": {
    path: `${ROOT}keep-subject/`,
    uses: ["common", "types", "upscale", "fidelity"],
  },
  "scene-state": {
    path: `${ROOT}scene-state/`,
    uses: ["common", "types", "cutout", "scene", "composite", "fidelity"],
  },
  edits: {
    path: `${ROOT}edits/`,
    uses: ["common", "types", "scene", "scene-state"],
  },
};

/** Folders entered only through their index.ts. */
const FOLDERS = [
  "common",
  "models",
  "cutout",
  "upscale",
  "scene",
  "scene/plan",
  "scene/render",
  "scene/library",
  "composite",
  "composite/shadows",
  "composite/light",
  "fidelity",
  "keep-subject",
  "scene-state",
  "edits",
];

/** Sibling sub-folders that stay independent of each other (and of their parent's own files). */
const SUBFOLDERS = {
  "scene/plan": ["scene/render"],
  "scene/render": ["scene/plan"],
  // The photographed scenes both use; they know nothing of either.
  "scene/library": ["scene/plan", "scene/render"],
  "composite/shadows": ["composite/light", "composite/[^/]+\\.ts$"],
  "composite/light": ["composite/shadows", "composite/[^/]+\\.ts$"],
};

const orderRules = Object.entries(PARTS).flatMap(([name, part]) => {
  const allowed = [part.path, ...part.uses.map((used) => PARTS[used].path)];
  const comment = `engines/local/${name} may import only ${part.uses.join(", ") || "nothing else in the engine"}`;
  return [
    {
      name: `engine-order-${name}`,
      comment,
      severity: "error",
      from: { path: part.path, pathNot: TESTS },
      to: { path: ROOT, pathNot: allowed },
    },
    {
      name: `engine-order-${name}-tests`,
      comment: `${comment} (its tests may also import the engine entry)`,
      severity: "error",
      from: { path: `${part.path}.*${TESTS}` },
      to: { path: ROOT, pathNot: [...allowed, ENTRY] },
    },
  ];
});

const doorRules = FOLDERS.map((folder) => ({
  name: `engine-door-${folder.replace("/", "-")}`,
  comment: `From outside engines/local/${folder}, import only its index.ts`,
  severity: "error",
  from: { pathNot: `${ROOT}${folder}/` },
  to: { path: `${ROOT}${folder}/`, pathNot: `${ROOT}${folder}/index\\.ts$` },
}));

const siblingRules = Object.entries(SUBFOLDERS).map(([folder, others]) => ({
  name: `engine-apart-${folder.replace("/", "-")}`,
  comment: `engines/local/${folder} does not import ${others.join(" or ")} (its tests may)`,
  severity: "error",
  from: { path: `${ROOT}${folder}/`, pathNot: TESTS },
  to: { path: others.map((other) => `${ROOT}${other}`) },
}));

module.exports = {
  forbidden: [
    ...orderRules,
    ...doorRules,
    ...siblingRules,
    {
      name: "engine-self-contained",
      comment:
        "The offline engine uses only the engine interface (engines/image-engine.ts) from the rest of the server",
      severity: "error",
      from: { path: ROOT },
      to: {
        path: "^apps/server/src/",
        pathNot: [ROOT, "^apps/server/src/engines/image-engine\\.ts$"],
      },
    },
    {
      name: "engine-no-circular",
      comment: "No import cycles inside the offline engine, type-only imports included",
      severity: "error",
      from: { path: ROOT },
      to: { path: ROOT, circular: true },
    },
  ],
  options: {
    // Type-only imports count: a cycle or a wrong-way import through types is still one.
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
  },
};
