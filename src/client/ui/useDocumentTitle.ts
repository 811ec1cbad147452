import { useEffect } from "react";

export const PRODUCT_NAME = "KnowBefore";

/** Sets the browser tab title for a page: "Page · KnowBefore". */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: verified car salespeople`;
  }, [title]);
}
