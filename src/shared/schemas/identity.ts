// Inputs and answers of provider sign-in ("Continue with Google/Microsoft") and the accounts linked by it.
import { z } from "zod";
import { OIDC_PROVIDERS } from "../identity";

export const oidcProvider = z.enum(OIDC_PROVIDERS);

export const configuredProviders = z
  .array(oidcProvider)
  .describe("The providers this deployment signs in with; the sign-in pages show a button for each");

export const linkedIdentityView = z.object({
  provider: oidcProvider,
  email: z.string().describe("The address the provider vouched for when the account was linked"),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});
export type LinkedIdentityView = z.infer<typeof linkedIdentityView>;

export const unlinkIdentityInput = z.strictObject({ provider: oidcProvider });
export type UnlinkIdentityInput = z.infer<typeof unlinkIdentityInput>;
