import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstMessages, serverFieldErrors } from "./useFormDraft";

describe("firstMessages", () => {
  it("keeps the first message of each field", () => {
    const schema = z.object({
      name: z.string().min(1, "Please enter your name").max(3, "Too long"),
      email: z.email("Enter a valid email address"),
    });
    const parsed = schema.safeParse({ name: "", email: "nope" });
    expect(parsed.success).toBe(false);
    expect(firstMessages(parsed.error?.issues ?? [])).toEqual({
      name: "Please enter your name",
      email: "Enter a valid email address",
    });
  });
  it("ignores issues about the whole object", () => {
    expect(firstMessages([{ path: [], message: "Dates do not match" }])).toEqual({});
  });
});

describe("serverFieldErrors", () => {
  it("reads the first message per field of a refused call", () => {
    const error = { data: { fieldErrors: { email: ["Email is too long", "Second"], role: [] } } };
    expect(serverFieldErrors(error)).toEqual({ email: "Email is too long" });
  });
  it("finds nothing in other failures", () => {
    expect(serverFieldErrors(new Error("Network down"))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
