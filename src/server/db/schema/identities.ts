// Accounts of OpenID Connect providers linked to ours, and the sign-ins started at a provider that wait for its
// answer. docs/product/security.md#google-and-microsoft-accounts.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { OIDC_PROVIDERS, OIDC_SIGN_IN_PAGES } from "../../../shared/identity";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { inList } from "./types";
import { users } from "./users";

/**
 * A provider's account (its issuer-scoped subject) that signs in to one of ours. `email` is the address the
 * provider vouched for when it was linked, kept to show the owner which account it is.
 */
export const linkedIdentities = pgTable(
  "linked_identities",
  {
    id: identityId(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    provider: text("provider", { enum: OIDC_PROVIDERS }).notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    createdAt: stampedNow("created_at"),
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [
    unique("linked_identities_provider_subject_unique").on(t.provider, t.subject),
    unique("linked_identities_user_provider_unique").on(t.userId, t.provider),
    check("linked_identities_provider_check", sql`${t.provider} in (${inList(OIDC_PROVIDERS)})`),
  ],
);

/**
 * A sign-in sent to a provider, keyed by the SHA-256 of its state: the PKCE verifier and nonce that its answer
 * must match. Taking it deletes it, so an answer works once.
 */
export const oidcFlows = pgTable(
  "oidc_flows",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider", { enum: OIDC_PROVIDERS }).notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    signInPage: text("sign_in_page", { enum: OIDC_SIGN_IN_PAGES }).notNull(),
    returnTo: text("return_to"),
    expiresAt: instant("expires_at").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("oidc_flows_expires_idx").on(t.expiresAt),
    check("oidc_flows_provider_check", sql`${t.provider} in (${inList(OIDC_PROVIDERS)})`),
    check("oidc_flows_page_check", sql`${t.signInPage} in (${inList(OIDC_SIGN_IN_PAGES)})`),
  ],
);
