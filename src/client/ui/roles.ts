// A set of roles as the people cards and their invite dialogs show them (a dealership's team, a dealer group's
// people): each role's label and badge colour, and which refusals are shown as the server words them.
import { apiErrorCause } from "../trpc";

export type RoleSet<R extends string> = {
  /** Every role, the highest first. */
  all: readonly R[];
  labels: Record<R, string>;
  palette: Record<R, string>;
  /** The server's explanation of a refusal, when it has one worth showing as it is. */
  refusal: (error: unknown) => string | null;
};

/** A refusal explainer: the server's own words for the refusals whose causes are `explained`, else null. */
export function refusalOf(explained: readonly string[]): (error: unknown) => string | null {
  const shown = new Set(explained);
  return (error) => {
    const cause = apiErrorCause(error);
    return cause && shown.has(cause) && error instanceof Error ? error.message : null;
  };
}

export const roleOptions = <R extends string>(set: RoleSet<R>, roles: readonly R[]) =>
  roles.map((value) => ({ value, label: set.labels[value] }));

/** What the people cards need of a mutation: tRPC's `useMutation()` results fit. */
export type Mutation<I, O = unknown> = {
  mutate: (
    input: I,
    outcome?: { onSuccess?: (data: O) => unknown; onError?: (error: unknown) => void },
  ) => void;
  isPending: boolean;
  reset: () => void;
};
