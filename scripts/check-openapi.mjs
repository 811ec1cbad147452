// One check of the OpenAPI document the app serves (npm run check:openapi): writes it without a server,
// lints it with Redocly's recommended rules (redocly.yaml: not one error or warning passes), generates a
// typed client with openapi-typescript and type-checks the example REST script against it. Quiet when all
// passes; a step that fails prints its own output. Generated files go to .openapi/ (git-ignored).
// openapi-typescript runs from its workspace, beside the TypeScript 5.9 it needs (scripts/openapi-client/generate.mjs).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.join(root, ".openapi");
const document = path.join(dir, "openapi.json");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const started = performance.now();

function run(step, command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    process.stderr.write(`check:openapi: ${step} failed\n${result.stdout}${result.stderr}`);
    process.exit(1);
  }
  return result.stdout;
}

run("writing the document", process.execPath, ["--import", "tsx", "scripts/openapi-document.ts", document]);

// Redocly answers 0 when only warnings are found: count them from its JSON report.
const lint = run("redocly lint", bin("redocly"), ["lint", document, "--format=json"], {
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
});
const { totals } = JSON.parse(lint.slice(lint.indexOf("{")));
if (totals.errors + totals.warnings > 0) {
  const report = run("redocly lint", bin("redocly"), ["lint", document, "--format=stylish"], {
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  });
  process.stderr.write(`check:openapi: redocly lint found problems\n${report}`);
  process.exit(1);
}

run("openapi-typescript", process.execPath, [
  "scripts/openapi-client/generate.mjs",
  document,
  path.join(dir, "api.d.ts"),
]);
run("type-checking scripts/openapi-client", bin("tsc"), ["-p", "scripts/openapi-client/tsconfig.json"]);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `check:openapi: document linted (0 errors, 0 warnings, ${totals.ignored} ignored), client generated and type-checked in ${seconds} s`,
);
