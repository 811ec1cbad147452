// Bundles the server into dist/server/index.js (dependencies stay in node_modules).
import { build } from "esbuild";

await build({
  entryPoints: { index: "src/server/index.ts", seed: "scripts/seed.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
