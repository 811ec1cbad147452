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
 * A list of things waiting on the manager (registrations, invitations): a placeholder while it loads, a
 * retry when it fails, and nothing at all when nothing waits.
 */
export function WaitingList<T>({
  query,
  height,
  failure,
  children,
}: {
  query: ListQuery<T>;
  height: string;
  /** "We couldn't load …" */
  failure: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Skeleton height={height} borderRadius="xl" />;
  if (query.isError || !query.data) {
    return <InlineLoadError message={failure} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) return null;
  return <>{children(query.data)}</>;
}
