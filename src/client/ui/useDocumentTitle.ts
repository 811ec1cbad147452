import { useEffect } from "react";

export const PRODUCT_NAME = "KnowBefore";

/** The description index.html ships with; pages without their own description fall back to it. */
export const DEFAULT_DESCRIPTION =
  "KnowBefore: find, book and review verified car salespeople. Know before you go.";

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets the browser tab title for a page ("Page · KnowBefore") and its meta description (the page's own,
 * or the site default, so a description from the previous page never lingers).
 */
export function useDocumentTitle(title: string | null | undefined, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: verified car salespeople`;
    setMetaDescription(description ?? DEFAULT_DESCRIPTION);
  }, [title, description]);
}
