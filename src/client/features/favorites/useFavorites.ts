// Saved salespeople (server-side, per customer). The heart flips at once and rolls back if saving fails.
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import type { SessionUser } from "../../ui/session";

export function useFavorites(viewer: SessionUser | null) {
  const isCustomer = viewer?.role === "customer";
  const utils = trpc.useUtils();
  const ids = trpc.favorites.ids.useQuery(undefined, { enabled: isCustomer });
  const set = trpc.favorites.set.useMutation({
    onMutate: async (input) => {
      // The id is coerced by the server's schema, so its input type is loose: it is always a number here.
      const salespersonId = Number(input.salespersonId);
      const saved = input.saved;
      await utils.favorites.ids.cancel();
      const previous = utils.favorites.ids.getData();
      utils.favorites.ids.setData(undefined, (current = []) =>
        saved ? [...new Set([...current, salespersonId])] : current.filter((id) => id !== salespersonId),
      );
      return { previous };
    },
    onError: (error, _input, context) => {
      utils.favorites.ids.setData(undefined, context?.previous);
      showFailure("Couldn't update favorites", error);
    },
    onSettled: () => utils.favorites.ids.invalidate(),
  });
  const saved = new Set(ids.data ?? []);
  return {
    enabled: isCustomer,
    ids: ids.data ?? [],
    isLoading: isCustomer && ids.isPending,
    isError: ids.isError,
    refetch: () => ids.refetch(),
    isSaved: (salespersonId: number) => saved.has(salespersonId),
    toggle: (salespersonId: number) => set.mutate({ salespersonId, saved: !saved.has(salespersonId) }),
  };
}
