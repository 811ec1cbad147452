import { favoriteInput } from "../../../shared/schemas/favorites";
import { customerProcedure, router } from "../../trpc/init";
import { favoriteIds, setFavorite } from "./service";

export const favoritesRouter = router({
  ids: customerProcedure.query(({ ctx }) => favoriteIds(ctx.sql, ctx.user)),
  set: customerProcedure
    .input(favoriteInput)
    .mutation(({ ctx, input }) => setFavorite(ctx.sql, ctx.user, input.salespersonId, input.saved)),
});
