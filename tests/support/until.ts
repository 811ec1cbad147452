// Waiting for a condition in tests: read again every `stepMs` until what was read is as wanted, or the time is up.

/** Reads until `ok` holds of the value read or `timeoutMs` has passed; answers the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 20_000,
  stepMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
