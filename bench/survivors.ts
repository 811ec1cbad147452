// What outlives young-generation collections in a running server, by where it was allocated: the inspector's
// sampling heap profile, keeping a sample only while its object survives minor collections (objects a full
// collection frees still count, which is the point: they were promoted, then died old). A young-generation
// collection costs what it copies, so this is where its pauses come from (docs/decisions/013-young-generation.md).
// Usage: BENCH_NODE_ARGS=--inspect=127.0.0.1:9229 npx tsx bench/serve.ts &   then, beside a paced load,
//        NODE_OPTIONS=--experimental-websocket npx tsx bench/survivors.ts [seconds (20)] [frames (6)]
//        (Node 22 and later have WebSocket without the flag; INSPECTOR_URL, http://127.0.0.1:9229 by default)
export {};

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { callFrame: CallFrame; selfSize: number; children: ProfileNode[] };

const seconds = Number(process.argv[2] ?? 20);
const frames = Number(process.argv[3] ?? 6);
const inspector = process.env.INSPECTOR_URL ?? "http://127.0.0.1:9229";

const [target] = (await (await fetch(`${inspector}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
if (!target) throw new Error(`no inspector target at ${inspector}: start the server with --inspect`);
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.addEventListener("open", resolve);
  socket.addEventListener("error", reject);
});
let lastId = 0;
const pending = new Map<number, (result: unknown) => void>();
socket.addEventListener("message", (event) => {
  const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
  if (message.id !== undefined) pending.get(message.id)?.(message.result);
});
function send<T>(method: string, params: object = {}): Promise<T> {
  const id = ++lastId;
  return new Promise((resolve) => {
    pending.set(id, resolve as (result: unknown) => void);
    socket.send(JSON.stringify({ id, method, params }));
  });
}

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
socket.close();

// Bytes by allocating stack, innermost frame first.
const bytes = new Map<string, number>();
const walk = (node: ProfileNode, stack: string[]) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const here = [
    ...stack,
    `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`,
  ];
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
