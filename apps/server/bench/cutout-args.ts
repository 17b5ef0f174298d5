/**
 * `npm run bench:cutout` options: `--json` (machine-readable results only), `--only TEXT` (the
 * pictures whose id or category contains it), `--save DIR` (each picture, its truth and the
 * cut-out's matte as PNGs, to look at).
 */
export type CutoutBenchArgs = { json: boolean; only?: string; save?: string };

export function parseCutoutBenchArgs(argv: readonly string[]): CutoutBenchArgs {
  const args: CutoutBenchArgs = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") args.json = true;
    else if (arg === "--only" || arg === "--save") {
      const value = argv[++i];
      if (!value) throw new Error(`${arg} needs a value`);
      if (arg === "--only") args.only = value;
      else args.save = value;
    } else throw new Error(`Unknown argument ${arg}; use --json, --only TEXT or --save DIR`);
  }
  return args;
}
