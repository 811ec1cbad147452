// Bundles the server into dist/server/index.js (dependencies stay in node_modules); `--outdir <dir>` bundles
// it elsewhere (tests that start many server processes load the bundle, as `npm start` does).
import { build } from "esbuild";

const at = process.argv.indexOf("--outdir");
await build({
  // The mail thread is a module of its own, loaded by the server beside its bundle (mail/mailer.ts).
  entryPoints: {
    index: "src/server/index.ts",
    seed: "scripts/seed.ts",
    mailWorker: "src/server/mail/mailWorker.ts",
  },
  outdir: at > 0 && process.argv[at + 1] ? process.argv[at + 1] : "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
