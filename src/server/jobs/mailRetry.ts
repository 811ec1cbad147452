// How the job queues that send e-mail retry while the mail server is away (docs/operations/mail-outages.md):
// many attempts, each waiting twice as long as the one before (pg-boss's backoff, with its jitter) up to a cap,
// so a notice outlives an outage of well over ten minutes and goes out within the cap of the server's return.

/** The first retry's delay in production (MAIL_RETRY_DELAY_SECONDS); every later one follows from it. */
export const DEFAULT_MAIL_RETRY_DELAY_SECONDS = 30;

/** Attempts after the first before a mail job fails for good. */
const MAIL_RETRY_LIMIT = 10;
/** The longest wait between two attempts, as a multiple of the first delay (5 minutes in production). */
const MAIL_RETRY_CAP_FACTOR = 10;

/** A queue's retry policy, as pg-boss's createQueue and updateQueue take it. */
export type RetryPolicy = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: true;
  retryDelayMax: number;
};

export function mailRetryPolicy(delaySeconds: number): RetryPolicy {
  return {
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: delaySeconds,
    retryBackoff: true,
    retryDelayMax: delaySeconds * MAIL_RETRY_CAP_FACTOR,
  };
}

/**
 * The shortest and longest waits before each retry under `policy`: pg-boss waits between d·2^(n-1) and d·2^n
 * seconds before the n-th retry (a random point between), never more than retryDelayMax.
 */
export function retryWaits(policy: RetryPolicy): { shortest: number; longest: number }[] {
  return Array.from({ length: policy.retryLimit }, (_, i) => ({
    shortest: Math.min(policy.retryDelayMax, policy.retryDelay * 2 ** i),
    longest: Math.min(policy.retryDelayMax, policy.retryDelay * 2 ** (i + 1)),
  }));
}

/**
 * Runs `send` for a mail job's row already taken (its "sent" mark set in a statement of its own, committed), and
 * gives the row back with `giveBack` when the send fails, so the job's retry takes it again; the failure goes on to
 * the queue's retry policy. Nothing holds a transaction (or its pool connection) while the mail server answers, and
 * a second delivery while the first sends finds the row taken. A process that dies mid-send leaves the row taken:
 * such a mail goes out at most once.
 */
export async function givenBackIfRefused<T>(
  giveBack: () => Promise<unknown>,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    await giveBack();
    throw error;
  }
}
