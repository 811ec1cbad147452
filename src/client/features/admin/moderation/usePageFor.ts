import { useState } from "react";

/** The page of a list, back to 1 whenever `key` (the filters and search) changes. */
export function usePageFor(key: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  return [page, (next) => setState({ key, page: next })];
}
