import postgres from "postgres";
import { describe, expect, it } from "vitest";

// patches/postgres+3.4.9+002+settle-without-closures.patch (docs/decisions/013-young-generation.md): the
// driver as published makes two closures per query to settle it, and those closures kept every finished
// query, rows included, alive through the next young-generation collection. The patched driver settles a
// query through methods of its class.
describe("the database driver, as patched at install", () => {
  it("settles a query through its class's methods, with no closure of its own", () => {
    const sql = postgres("postgres://nobody@127.0.0.1:9/none", { max: 1 });
    const query = sql`select 1`; // not sent: a query runs when awaited
    for (const name of ["resolve", "reject"]) {
      expect(Object.hasOwn(query, name)).toBe(false);
      expect(typeof Reflect.get(query, name)).toBe("function");
    }
  });
});
