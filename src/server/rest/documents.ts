// REST paths for documents (SPEC.md section 7 'Analytics, compliance, security, documents').
import { Hono } from "hono";
import type { AppDeps } from "../context";
import type { AppEnv } from "../http/context";
import { answer, invoke, readJson } from "./adapter";

export function documentRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();

  /** Answers `{ content, lastUpdated }`, the document shape SPEC.md section 3 names. */
  r.get("/documents/:slug", async (c) => {
    const { result } = await invoke(c, deps, (api) => api.documents.get({ slug: c.req.param("slug") }));
    return c.json({ content: result.content, lastUpdated: result.lastUpdated });
  });

  /** Administrators replace a document's Markdown: body `{ content, title? }`. */
  r.put("/documents/:slug", async (c) => {
    const body = await readJson(c);
    const input =
      body && typeof body === "object" && !Array.isArray(body)
        ? { ...body, slug: c.req.param("slug") }
        : body;
    return answer(c, deps, async (api) => {
      const doc = await api.documents.update(input as never);
      return { content: doc.content, lastUpdated: doc.lastUpdated, title: doc.title };
    });
  });

  return r;
}
