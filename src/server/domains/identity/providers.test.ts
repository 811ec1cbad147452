import { describe, expect, it } from "vitest";
import { AppError } from "../../appError";
import { loadEnv } from "../../env";
import { createLogger } from "../../logger";
import { verifiedEmail } from "./accounts";
import { configuredProviders, providerConfiguration } from "./providers";

const logger = createLogger("silent");

describe("provider configuration", () => {
  it("turns a provider on only with both its client id and secret", () => {
    expect(configuredProviders(loadEnv({ GOOGLE_CLIENT_ID: "id" }))).toEqual([]);
    expect(
      configuredProviders(
        loadEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", MICROSOFT_CLIENT_ID: "id" }),
      ),
    ).toEqual(["google"]);
  });

  it("answers 503 OIDC_PROVIDER_UNAVAILABLE when the provider cannot be reached", async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const env = loadEnv({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_ISSUER: "http://127.0.0.1:9",
    });
    const failure = await providerConfiguration(env, logger, "google").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, code: "OIDC_PROVIDER_UNAVAILABLE" });
  });
});

describe("verified e-mail", () => {
  it("takes Google's address only with email_verified true", () => {
    expect(verifiedEmail("google", { email: "A@Example.org", email_verified: true })).toBe("a@example.org");
    expect(verifiedEmail("google", { email: "a@example.org", email_verified: "true" })).toBeNull();
    expect(verifiedEmail("google", { email: "a@example.org" })).toBeNull();
  });

  it("takes Microsoft's address only with xms_edov true", () => {
    expect(verifiedEmail("microsoft", { email: "a@example.org", xms_edov: true })).toBe("a@example.org");
    expect(verifiedEmail("microsoft", { email: "a@example.org", email_verified: true })).toBeNull();
    expect(verifiedEmail("microsoft", { email: "not an address", xms_edov: true })).toBeNull();
  });
});
