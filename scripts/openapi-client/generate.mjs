// Writes the TypeScript types of an OpenAPI document, as openapi-typescript's command line does:
//   node scripts/openapi-client/generate.mjs <openapi.json or its URL> <out.d.ts>
// openapi-typescript 7 builds its output with TypeScript 5's compiler API, which the project's TypeScript 7
// (the native compiler) does not have: this folder is an npm workspace whose package.json holds it with
// TypeScript 5.9 beside it, so an import from here finds that one. Its API answers syntax nodes; astToString
// prints them.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

const [source, out] = process.argv.slice(2);
if (!source || !out) throw new Error("usage: node scripts/openapi-client/generate.mjs <document> <out.d.ts>");
const document = /^https?:\/\//.test(source) ? new URL(source) : pathToFileURL(path.resolve(source));
writeFileSync(out, COMMENT_HEADER + astToString(await openapiTS(document)));
