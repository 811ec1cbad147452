// One open live stream: woken when its account may have new events, it reads them from the rows after its
// cursor and yields each once, in order (docs/product/api.md#live-updates). Wakes coalesce: a stream woken many
// times while reading reads once more, not once per wake.
import { type DeliveredEvent, isAfter, type LiveBatch, type LiveCursor } from "./events";

export type LiveReader = {
  /** Where a stream without a cursor starts. */
  start(): Promise<LiveCursor>;
  read(userId: string, after: LiveCursor, options: { settleAll: boolean }): Promise<LiveBatch>;
};

export type StreamTiming = {
  /** How soon to read again while rows wait on a running transaction. */
  settlePollMs: number;
  /** How long a stream waits on such rows before delivering them anyway. */
  settleLimitMs: number;
  /** How soon to read again after a failed read (the database restarting). */
  retryMs: number;
};

export const STREAM_TIMING: StreamTiming = { settlePollMs: 20, settleLimitMs: 2000, retryMs: 1000 };

export class LiveStream {
  private dirty = true;
  private ended = false;
  private waiter: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pendingSince: number | null = null;

  constructor(
    readonly userId: string,
    private cursor: LiveCursor | null,
    private readonly reader: LiveReader,
    private readonly hooks: { onError: (error: unknown) => void; onEnd: () => void },
    private readonly timing: StreamTiming = STREAM_TIMING,
  ) {}

  /** The account may have new events: read once more. */
  wake(): void {
    this.dirty = true;
    this.release();
  }

  /** Stops the stream (once): its generator returns at its next step. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.timer) clearTimeout(this.timer);
    this.release();
    this.hooks.onEnd();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  private release(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private wakeIn(ms: number): void {
    if (this.timer || this.ended) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, ms);
  }

  /** Each event after the cursor once, in stream order, until the stream ends. */
  async *events(): AsyncGenerator<DeliveredEvent> {
    try {
      while (!this.ended) {
        if (!this.dirty) {
          await new Promise<void>((resolve) => {
            this.waiter = resolve;
          });
          continue;
        }
        this.dirty = false;
        const batch = await this.readOnce();
        if (!batch) continue;
        for (const delivered of batch.events) {
          if (this.cursor && !isAfter(delivered.cursor, this.cursor)) continue;
          this.cursor = delivered.cursor;
          yield delivered;
          if (this.ended) return;
        }
        if (batch.last && (!this.cursor || isAfter(batch.last, this.cursor))) this.cursor = batch.last;
        if (batch.full) this.dirty = true;
        else if (batch.pending) this.wakeIn(this.timing.settlePollMs);
      }
    } finally {
      this.end();
    }
  }

  private async readOnce(): Promise<LiveBatch | null> {
    try {
      this.cursor ??= await this.reader.start();
      const settleAll =
        this.pendingSince !== null && Date.now() - this.pendingSince >= this.timing.settleLimitMs;
      const batch = await this.reader.read(this.userId, this.cursor, { settleAll });
      this.pendingSince = batch.pending ? (this.pendingSince ?? Date.now()) : null;
      return batch;
    } catch (error) {
      this.hooks.onError(error);
      this.wakeIn(this.timing.retryMs);
      return null;
    }
  }
}
