// The mixed benchmark's paced run, in a process of its own: bench/mixed.ts starts it and writes what to send on
// its standard input (JSON, PacedMixOptions), then it prints the paced rows. Latencies count from when each
// request was due, so the client's own pauses count against the server: in the process that had just sent the
// saturated mix, the client collected its old generation every 0.7-1 s (9-10 collections over 10 ms in a 30 s
// run, the longest 27-30 ms) where a fresh process does about one (bench/README.md, "The client").
import { text } from "node:stream/consumers";
import { type MixedState, mixedRequests } from "./mixedLoad";
import { kindRows, paced, percentile, windowRow } from "./support";

export type PacedMixOptions = {
  base: string;
  rate: number;
  seconds: number;
  connections: number;
  healthRate: number;
  /** Where the requests go on from (the customers, the next booking, what may be cancelled). */
  state: MixedState;
};

/** Seconds of the same paced load sent first and not counted: a fresh client's code runs cold at first. */
const WARM_UP_SECONDS = 5;

const { base, rate, seconds, connections, healthRate, state } = JSON.parse(
  await text(process.stdin),
) as PacedMixOptions;
const { nextRequest, onAnswer } = mixedRequests(state, base);
const send = { rate, connections, next: nextRequest, onAnswer };
await paced(base, { ...send, seconds: WARM_UP_SECONDS });
const run = await paced(base, { ...send, seconds });
const all = run.timings.all();
console.log(
  `mixed, paced at ${rate} req/s (${((100 * rate) / healthRate).toFixed(1)}% of health's ${healthRate.toFixed(0)} req/s): p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, p99.9 ${percentile(all, 99.9).toFixed(1)} ms, max ${(all.at(-1) ?? 0).toFixed(1)} ms, requests without an answer ${JSON.stringify(run.failed)}`,
);
for (const line of kindRows(run.timings, seconds)) console.log(line);
console.log(windowRow(run.timings));
