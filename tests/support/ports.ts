// Where the test run's listeners take their ports: below the kernel's ephemeral range (32768-60999 here), from
// which every outgoing connection of the run takes its local port. A port the kernel handed out free and left
// unbound until a server listened, seconds later, was once taken by such a connection meanwhile ("port … is
// already in use").

/** Where the ephemeral range starts (/proc/sys/net/ipv4/ip_local_port_range): no listener of the run goes there. */
const EPHEMERAL_FROM = 32_768;

/**
 * Test servers (server-process.ts, freePort): each vitest worker has a block of its own, so test files running
 * at once never pick the same port.
 */
export const SERVER_PORTS = { from: 20_000, perWorker: 400, workers: 30 } as const;

/** The run's PostgreSQL (global-setup.ts): between the servers' blocks and the ephemeral range. */
export const DATABASE_PORTS = {
  from: SERVER_PORTS.from + SERVER_PORTS.workers * SERVER_PORTS.perWorker,
  count: EPHEMERAL_FROM - (SERVER_PORTS.from + SERVER_PORTS.workers * SERVER_PORTS.perWorker),
} as const;
