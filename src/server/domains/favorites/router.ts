import * as shape from "../../../shared/schemas/favorites";
import { router } from "../../trpc/init";
import { customer } from "../../trpc/procedures";
import { favoriteIds, setFavorite } from "./service";

export const favoritesRouter = router({
  ids: customer.query(shape.favoriteIds, (ctx) => favoriteIds(ctx.sql, ctx.user)),
  set: customer.mutation(shape.favoriteInput, shape.favoriteSet, (ctx, input) =>
    setFavorite(ctx.sql, ctx.user, input.salespersonId, input.saved),
  ),
});
