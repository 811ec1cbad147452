import { z } from "zod";
import { ok } from "../../../shared/schemas/common";
import * as shape from "../../../shared/schemas/identity";
import { router } from "../../trpc/init";
import { anyone, signedIn } from "../../trpc/procedures";
import { listLinkedIdentities, unlinkIdentity } from "./linked";
import { configuredProviders } from "./providers";

/** Provider sign-in: which providers are on (the sign-in pages' buttons), and the caller's linked accounts. */
export const identityRouter = router({
  providers: anyone.query(shape.configuredProviders, (ctx) => configuredProviders(ctx.env)),
  linked: signedIn.query(z.array(shape.linkedIdentityView), listLinkedIdentities),
  unlink: signedIn.mutation(shape.unlinkIdentityInput, ok, unlinkIdentity),
});
