import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./links";

const APP = "https://app.example.org";

describe("safeRedirectPath", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(safeRedirectPath("/appointments", APP)).toBe("/appointments");
    expect(safeRedirectPath("/salesperson/7?tab=reviews#reviews", APP)).toBe(
      "/salesperson/7?tab=reviews#reviews",
    );
    expect(safeRedirectPath("/%2F%2Fevil.example", APP)).toBe("/%2F%2Fevil.example");
  });

  it.each([
    ["nothing", undefined],
    ["an empty string", ""],
    ["a full URL", "https://evil.example/"],
    ["a relative path", "appointments"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash for the second slash", "/\\evil.example"],
    ["a tab between the slashes", "/\t/evil.example"],
    ["a newline between the slashes", "/\n/evil.example"],
    ["a carriage return between the slashes", "/\r/evil.example"],
    ["a tab before a backslash", "/\t\\evil.example"],
    ["a dot segment that leaves two slashes", "/.//evil.example"],
    ["a scheme after tabs", "/\t/\t/evil.example/path"],
    [
      "a percent-encoded tab (the caller's query string decoded once)",
      decodeURIComponent("/%09/evil.example"),
    ],
    ["a percent-encoded backslash, decoded", decodeURIComponent("/%5Cevil.example")],
  ])("refuses %s", (_name, path) => {
    expect(safeRedirectPath(path, APP)).toBe("/");
  });

  it("stays on the app's origin whatever the app's own path", () => {
    expect(safeRedirectPath("/login", "https://app.example.org/some/base")).toBe("/login");
  });
});
