import { Skeleton } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { InlineLoadError } from "../../ui/QueryState";

type ListQuery<T> = {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * A list of things waiting on the manager (registrations, invitations): nothing at all when nothing waits.
 * Given the `query` instead of its route's loaded `items`, a placeholder while it loads and a retry when it
 * fails.
 */
export function WaitingList<T>(
  props: { children: (items: T[]) => ReactNode } & (
    | { items: T[] }
    | { query: ListQuery<T>; height: string /** "We couldn't load …" */; failure: string }
  ),
) {
  if ("items" in props) return props.items.length === 0 ? null : props.children(props.items);
  const { query } = props;
  if (query.isPending) return <Skeleton height={props.height} borderRadius="xl" />;
  if (query.isError || !query.data) {
    return <InlineLoadError message={props.failure} onRetry={() => void query.refetch()} />;
  }
  return <WaitingList items={query.data}>{props.children}</WaitingList>;
}
