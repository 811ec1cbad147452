// Limits of the wire between the app's client and its server. A module of its own: the client loads it with
// its first page, so it stays this small.

/**
 * The most calls one tRPC request may batch: the app's client never sends more, and a script that does is
 * refused before any call runs.
 */
export const TRPC_MAX_BATCH = 10;
