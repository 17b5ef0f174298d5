import { resolve } from "node:path";

export type ApiBenchArgs = {
  connections: number;
  /** Seconds of load per URL in each round. */
  durationSeconds: number;
  /** How many times health and the poll are loaded in turn; the medians decide. */
  rounds: number;
  json: boolean;
  /** Another copy of apps/server to boot instead of this one. */
  serverDir: string | undefined;
};

const USAGE = "use --rounds N, --duration N, --connections N, --server-dir DIR or --json";
const COUNTS = {
  "--rounds": "rounds",
  "--duration": "durationSeconds",
  "--connections": "connections",
} as const;

/** `npm run bench:api`'s arguments; a relative --server-dir is taken from the current folder. */
export function parseApiBenchArgs(argv: readonly string[]): ApiBenchArgs {
  const args: ApiBenchArgs = {
    connections: 32,
    durationSeconds: 5,
    rounds: 3,
    json: false,
    serverDir: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--json") args.json = true;
    else if (arg === "--server-dir") {
      const dir = argv[++i];
      if (!dir) throw new Error(`--server-dir needs a folder; ${USAGE}`);
      args.serverDir = resolve(dir);
    } else if (arg in COUNTS) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs a whole number ≥ 1`);
      args[COUNTS[arg as keyof typeof COUNTS]] = value;
    } else throw new Error(`Unknown argument ${arg}; ${USAGE}`);
  }
  return args;
}
