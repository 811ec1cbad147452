// Where the project's own files are, whatever the working directory: the folder of the nearest package.json
// above this module (src/server in development, dist/server once built). Relative paths in the environment
// (DATA_DIR, MIGRATIONS_DIR, CONTENT_DIR, CITIES_CSV) are read from there too.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path of the project: absolute paths stay as they are, relative ones start at the project root. */
export function projectPath(...parts: string[]): string {
  return path.resolve(PROJECT_ROOT, ...parts);
}
