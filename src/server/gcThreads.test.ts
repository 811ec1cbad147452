import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GC_HELPER_NICE, gcHelperPriorityLine, lowerGcHelperPriority } from "./gcThreads";
import { projectPath } from "./paths";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for /proc/self/task: a directory per thread id with the thread's name in `comm`. */
function taskDir(threads: Record<number, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tasks-"));
  made.push(dir);
  for (const [id, name] of Object.entries(threads)) {
    mkdirSync(join(dir, id));
    writeFileSync(join(dir, id, "comm"), `${name}\n`);
  }
  return dir;
}

describe("V8's helper threads", () => {
  it("are the only threads given the lower priority", () => {
    const set: [number, number][] = [];
    const result = lowerGcHelperPriority({
      taskDir: taskDir({ 100: "MainThread", 101: "V8Worker", 102: "libuv-worker", 103: "V8Worker" }),
      setThreadPriority: (id, nice) => set.push([id, nice]),
    });
    expect(result).toEqual({ lowered: 2, nice: GC_HELPER_NICE });
    expect(set.sort()).toEqual([
      [101, GC_HELPER_NICE],
      [103, GC_HELPER_NICE],
    ]);
    expect(gcHelperPriorityLine(result)).toEqual({
      level: "info",
      line: "V8's 2 helper threads (garbage collection, compilation) run at nice 19, below the threads that answer requests",
    });
  });

  it("says why nothing changed: no thread list, no helper by that name, or a refusal", () => {
    const none = lowerGcHelperPriority({ taskDir: join(tmpdir(), "no-such-task-dir") });
    expect(none).toEqual({ skipped: expect.stringContaining("lists no threads"), unsupported: true });
    expect(gcHelperPriorityLine(none).level).toBe("info");
    const unnamed = lowerGcHelperPriority({ taskDir: taskDir({ 100: "MainThread" }) });
    expect(unnamed).toEqual({ skipped: "no thread of this process is named V8Worker" });
    const refused = lowerGcHelperPriority({
      taskDir: taskDir({ 101: "V8Worker" }),
      setThreadPriority: () => {
        throw Object.assign(new Error("not permitted"), { code: "EPERM" });
      },
    });
    expect(refused).toEqual({ skipped: "setting thread 101's nice value to 19 failed with EPERM" });
    const line = gcHelperPriorityLine(refused);
    expect(line.level).toBe("warn");
    expect(line.line).toMatch(
      /^V8's helper threads keep the priority .*failed with EPERM; .*runtime-tuning\.md\)$/,
    );
  });

  it.runIf(process.platform === "linux")(
    "run at nice 19 in a real process, its main thread unchanged",
    () => {
      // A fresh Node.js process (the module runs through Node's type stripping): the test runner's own threads
      // are left as they are.
      const script = `
      import { readdirSync, readFileSync } from "node:fs";
      import { getPriority } from "node:os";
      import { lowerGcHelperPriority } from ${JSON.stringify(projectPath("src/server/gcThreads.ts"))};
      const result = lowerGcHelperPriority();
      const threads = readdirSync("/proc/self/task").map((id) => ({
        name: readFileSync("/proc/self/task/" + id + "/comm", "utf8").trim(),
        nice: getPriority(Number(id)),
        main: Number(id) === process.pid,
      }));
      console.log(JSON.stringify({ result, threads }));`;
      const { result, threads } = JSON.parse(
        execFileSync(process.execPath, ["--input-type=module", "--eval", script], { encoding: "utf8" }),
      ) as { result: unknown; threads: { name: string; nice: number; main: boolean }[] };
      const helpers = threads.filter((thread) => thread.name === "V8Worker");
      expect(helpers.length).toBeGreaterThan(0);
      expect(result).toEqual({ lowered: helpers.length, nice: GC_HELPER_NICE });
      expect(helpers.map((thread) => thread.nice)).toEqual(helpers.map(() => GC_HELPER_NICE));
      // The child started at this thread's nice value; its main thread keeps it.
      expect(threads.find((thread) => thread.main)?.nice).toBe(getPriority());
    },
  );
});
