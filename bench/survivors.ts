// What outlives young-generation collections in a running server, by where it was allocated: the inspector's
// sampling heap profile, keeping a sample only while its object survives minor collections (objects a full
// collection frees still count, which is the point: they were promoted, then died old). A young-generation
// collection costs what it copies, so this is where its pauses come from (docs/decisions/013-young-generation.md).
// Usage: BENCH_NODE_ARGS=--inspect=127.0.0.1:9229 npx tsx bench/serve.ts &   then, beside a paced load,
//        NODE_OPTIONS=--experimental-websocket npx tsx bench/survivors.ts [seconds (20)] [frames (6)]
//        (Node 22 and later have WebSocket without the flag; INSPECTOR_URL, http://127.0.0.1:9229 by default)
import { type CallFrame, connectInspector, frameName } from "./inspector";

type ProfileNode = { callFrame: CallFrame; selfSize: number; children: ProfileNode[] };

const seconds = Number(process.argv[2] ?? 20);
const frames = Number(process.argv[3] ?? 6);

const { send, close } = await connectInspector();
await send("HeapProfiler.enable");
await send("HeapProfiler.startSampling", {
  samplingInterval: 1024,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: false,
});
console.log(`sampling what survives young-generation collections for ${seconds} s`);
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const { profile } = await send<{ profile: { head: ProfileNode } }>("HeapProfiler.getSamplingProfile");
await send("HeapProfiler.stopSampling");
close();

// Bytes by allocating stack, innermost frame first.
const bytes = new Map<string, number>();
const walk = (node: ProfileNode, stack: string[]) => {
  const here = [...stack, frameName(node.callFrame)];
  if (node.selfSize > 0) {
    const key = here.slice(-frames).reverse().join(" < ");
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, here);
};
walk(profile.head, []);
const total = [...bytes.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `${(total / 1e6).toFixed(1)} MB sampled as surviving (${(total / 1e6 / seconds).toFixed(2)} MB/s)`,
);
for (const [stack, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${(n / 1e6).toFixed(2).padStart(8)} MB  ${stack}`);
