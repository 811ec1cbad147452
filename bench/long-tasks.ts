// Where a running server's event loop stalls: a CPU profile of the server's process over some seconds, cut into
// stretches of work with no idle sample between them. A stretch longer than the threshold is a stall a request
// could have waited behind; each one is printed with when it happened, what it spent its time in (by function and
// by stack), and its share of garbage collection. A gap between two samples longer than the threshold is printed
// too: the process was not running at all (the machine gave its cores to something else). Times are the wall
// clock's (UTC), to line them up with a benchmark's slowest moments.
// Usage: BENCH_NODE_ARGS=--inspect=127.0.0.1:9229 npx tsx bench/serve.ts &   then, beside a paced load,
//        NODE_OPTIONS=--experimental-websocket npx tsx bench/long-tasks.ts [seconds (30)] [threshold ms (20)]
import { type CallFrame, connectInspector, frameName } from "./inspector";

type ProfileNode = { id: number; callFrame: CallFrame; parent?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const seconds = Number(process.argv[2] ?? 30);
const threshold = Number(process.argv[3] ?? 20);

const { send, close } = await connectInspector();
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 500 });
await send("Profiler.start");
console.log(`profiling for ${seconds} s; stretches of work over ${threshold} ms:`);
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const { profile } = await send<{ profile: Profile }>("Profiler.stop");
const stoppedAt = Date.now();
close();

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
for (const node of profile.nodes) for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
const stackOf = (id: number): string[] => {
  const stack: string[] = [];
  for (let node = byId.get(id); node; node = node.parent === undefined ? undefined : byId.get(node.parent))
    if (node.callFrame.functionName !== "(root)") stack.push(frameName(node.callFrame));
  return stack; // innermost first
};
const isIdle = (id: number) => {
  const name = byId.get(id)!.callFrame.functionName;
  return name === "(idle)" || name === "(program)";
};

// Sample i covers the time from its own timestamp to the next one's.
const times: number[] = [];
let t = profile.startTime;
for (const delta of profile.timeDeltas) {
  t += delta;
  times.push(t);
}
// The profile's clock (micros) as the wall clock, to line moments up with other tools: its end was about now.
const wallClock = (micros: number) =>
  new Date(stoppedAt - (times.at(-1)! - micros) / 1000).toISOString().slice(11, 23);
type Stretch = { start: number; end: number; samples: number[] };
const stretches: Stretch[] = [];
let current: Stretch | null = null;
for (let i = 0; i < profile.samples.length - 1; i++) {
  const gap = (times[i + 1]! - times[i]!) / 1000;
  if (gap > threshold)
    console.log(
      `${wallClock(times[i]!)}  no sample for ${gap.toFixed(1)} ms after ${stackOf(profile.samples[i]!)[0] ?? "?"}`,
    );
  if (isIdle(profile.samples[i]!)) {
    if (current) stretches.push(current);
    current = null;
  } else {
    current ??= { start: times[i]!, end: times[i]!, samples: [] };
    current.end = times[i + 1]!;
    current.samples.push(i);
  }
}
if (current) stretches.push(current);

const long = stretches.filter((s) => (s.end - s.start) / 1000 > threshold);
const busy = stretches.reduce((sum, s) => sum + (s.end - s.start), 0) / 1000;
console.log(
  `${stretches.length} stretches of work, ${(busy / seconds / 10).toFixed(1)} % of the time busy; ${long.length} over ${threshold} ms`,
);
for (const stretch of long) {
  const self = new Map<string, number>();
  const stacks = new Map<string, number>();
  let gc = 0;
  for (const i of stretch.samples) {
    const ms = (times[i + 1]! - times[i]!) / 1000;
    const stack = stackOf(profile.samples[i]!);
    if (stack[0]?.startsWith("(garbage collector)")) gc += ms;
    self.set(stack[0] ?? "?", (self.get(stack[0] ?? "?") ?? 0) + ms);
    // The outermost frames of app code say which task it was; the innermost say where it spent the time.
    const key = [...stack.slice(0, 2), "…", ...stack.slice(-4)].join(" < ");
    stacks.set(key, (stacks.get(key) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `      ${ms.toFixed(1).padStart(6)} ms  ${name}`)
      .join("\n");
  console.log(
    `\n${wallClock(stretch.start)}  ${((stretch.end - stretch.start) / 1000).toFixed(1)} ms of work (garbage collection ${gc.toFixed(1)} ms)\n    by function:\n${top(self, 6)}\n    by stack:\n${top(stacks, 4)}`,
  );
}
