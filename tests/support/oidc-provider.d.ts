// oidc-provider ships no types (they live in DefinitelyTyped, which we do not install): the little of it the
// OpenID Connect tests use, typed here.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type AccountClaims = { sub: string } & Record<string, unknown>;
  type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
  type Context = {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  };

  export type Configuration = {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount: (
      ctx: Context,
      sub: string,
    ) => { accountId: string; claims: () => AccountClaims } | undefined;
    loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (init: {
      clientId: string;
      accountId: string;
    }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
