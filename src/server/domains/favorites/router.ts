import * as shape from "../../../shared/schemas/favorites";
import { favoriteInput } from "../../../shared/schemas/favorites";
import { customerProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { favoriteIds, setFavorite } from "./service";

export const favoritesRouter = router({
  ids: customerProcedure
    .output(answers(shape.favoriteIds))
    .query(({ ctx }) => favoriteIds(ctx.sql, ctx.user)),
  set: customerProcedure
    .input(favoriteInput)
    .output(answers(shape.favoriteSet))
    .mutation(({ ctx, input }) => setFavorite(ctx.sql, ctx.user, input.salespersonId, input.saved)),
});
