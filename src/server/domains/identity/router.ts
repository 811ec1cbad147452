import { z } from "zod";
import * as common from "../../../shared/schemas/common";
import * as shape from "../../../shared/schemas/identity";
import { anyone, signedIn, taggedRouter } from "../../trpc/procedures";
import { listLinkedIdentities, unlinkIdentity } from "./linked";
import { configuredProviders } from "./providers";

/**
 * Provider sign-in: which providers are on (the sign-in pages' buttons), and the caller's linked accounts. The
 * sign-in itself is two browser redirects, /api/auth/oidc/:provider/start and .../callback (http/oidc.ts).
 */
export const identityRouter = taggedRouter("Authentication", {
  providers: anyone.query(shape.configuredProviders, (ctx) => configuredProviders(ctx.env), {
    rest: "GET /auth/providers",
  }),
  linked: signedIn.query(z.array(shape.linkedIdentityView), listLinkedIdentities, {
    rest: "GET /security/linked-accounts",
  }),
  unlink: signedIn.mutation(shape.unlinkIdentityInput, common.ok, unlinkIdentity, {
    rest: "DELETE /security/linked-accounts/:provider",
  }),
});
