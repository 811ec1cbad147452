// Writes the OpenAPI document the app serves at /api/openapi.json to a file, without starting a server, so
// `npm run check:openapi` can lint it and generate a client from it.
//
//   npx tsx scripts/openapi-document.ts <file>
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { servedOpenApi } from "../src/server/rest/docs";

const file = process.argv[2];
if (!file) throw new Error("Usage: tsx scripts/openapi-document.ts <file>");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(servedOpenApi(), null, 2)}\n`);
