// Sealed secrets: bound values open only with their own binding; unbound (older) values still open.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, isBound } from "./secretBox";

const box = createSecretBox(randomBytes(32));

describe("secret box", () => {
  it("opens a bound value only with the binding it was sealed with", () => {
    const sealed = box.seal("api-key-1", "crm_integrations:1:credentials_encrypted");
    expect(isBound(sealed)).toBe(true);
    expect(box.open(sealed, "crm_integrations:1:credentials_encrypted")).toBe("api-key-1");
    expect(() => box.open(sealed, "crm_integrations:2:credentials_encrypted")).toThrow();
    expect(() => box.open(sealed, "crm_integrations:1:signing_secret_encrypted")).toThrow();
    expect(() => box.open(sealed)).toThrow();
  });

  it("still opens a value sealed without a binding, wherever it is read", () => {
    const sealed = box.seal("older");
    expect(isBound(sealed)).toBe(false);
    expect(box.open(sealed)).toBe("older");
    expect(box.open(sealed, "crm_integrations:1:credentials_encrypted")).toBe("older");
  });
});
