// The API reference: the OpenAPI document at /api/openapi.json (built once, on first request) and a readable
// reference at /api/docs, rendered by Swagger UI from node_modules (no CDN: the page's CSP allows only 'self').
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";
import { errorBody } from "../appError";
import type { AppEnv } from "../http/honoRequest";
import { projectPath } from "../paths";
import { buildOpenApi } from "./openapi";

const VIEWER_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference | KnowBefore</title>
    <meta name="description" content="The KnowBefore REST API: every route, its input, answers, errors and who may call it, with API-key scopes." />
    <link rel="icon" href="/api/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    persistAuthorization: false,
  });
});
`;

/** The document /api/openapi.json serves; scripts/openapi-document.ts writes the same one for the linter. */
export function servedOpenApi() {
  const version = (JSON.parse(readFileSync(projectPath("package.json"), "utf8")) as { version: string })
    .version;
  return buildOpenApi(version);
}

export function docsRoutes() {
  const docs = new Hono<AppEnv>();
  const viewerDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  let document: string | null = null;

  docs.get("/openapi.json", (c) => {
    document ??= JSON.stringify(servedOpenApi());
    return c.body(document, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-cache",
    });
  });
  docs.get("/docs", (c) => c.html(PAGE));
  docs.get("/docs/init.js", (c) =>
    c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }),
  );
  const assets = new Map<string, Uint8Array<ArrayBuffer>>();
  docs.get("/docs/assets/:file", (c) => {
    const file = c.req.param("file");
    const type = VIEWER_FILES[file];
    if (!type) return c.json(errorBody("Not found", "NOT_FOUND"), 404);
    let bytes = assets.get(file);
    if (!bytes) {
      bytes = new Uint8Array(readFileSync(path.join(viewerDir, file))) as Uint8Array<ArrayBuffer>;
      assets.set(file, bytes);
    }
    return c.body(bytes, 200, {
      "Content-Type": type,
      "Cache-Control": "public, max-age=86400",
    });
  });
  return docs;
}
