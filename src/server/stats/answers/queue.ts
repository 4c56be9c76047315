/**
 * Admission control for uncached stats computations. Every job names a lane
 * (`cheap` or `heavy`, from the cost estimate of src/server/stats/answers/cost.ts) and a client (IP or session):
 *
 * - slots: at most `slots` jobs run at once (each holds one DuckDB connection); heavy jobs may use at most
 *   `heavySlots` of them, so at least one slot is always free of heavy work: a cheap job never waits behind one;
 * - order: of the waiting jobs that may start, the one waiting longest starts first, a heavy job counting as
 *   having arrived `heavyHandicapMs` later than it did. A cheap job asked up to that long after a heavy one goes
 *   first; one asked later waits its turn, so heavy jobs are never starved by a stream of cheap ones (with the
 *   handicap 250 ms: a heavy job waiting since t=0 and a cheap one since t=100 ms: the cheap one starts first; a
 *   cheap one since t=300 ms: the heavy one does);
 * - per-client cap: a client may have `perClient[lane]` jobs of a lane waiting or running (its published limit,
 *   STATS_HEAVY_PER_CLIENT for heavy ones); one more is refused at once with BusyError(429). A client that waits
 *   for each answer before asking again holds one job and is never refused;
 * - bounded waiting: a lane with `maxWaiting[lane]` jobs waiting refuses more with BusyError(503);
 * - timeout: a job that has not finished `timeoutMs` after it was submitted is aborted (its signal fires, the
 *   job's DuckDB connection is interrupted) and its caller gets BusyError(503). Its slot is given back only
 *   when the work has really stopped.
 *
 * Every refusal carries the seconds after which a retry makes sense (Retry-After).
 */
import { queueWait } from '../../metrics.ts';

export type Lane = 'cheap' | 'heavy';

/**
 * Retry-After of a client past its per-client cap: the least whole second. Its own query in flight frees the cap
 * (random uncached queries: 0.1-0.3 s at the median); the site's client (src/lib/site/apiClient.ts) waits what the
 * header says before its one retry, and waited 2 s with the former value.
 */
const PER_CLIENT_RETRY_SECONDS = 1;
const LANES: readonly Lane[] = ['cheap', 'heavy'];

/** The server is too busy for this request now: 429 (this client asks too much) or 503 (everyone does). */
export class BusyError extends Error {
  constructor(
    readonly status: 429 | 503,
    message: string,
    /** seconds after which a retry makes sense (Retry-After) */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export interface QueueOptions {
  /** jobs running at once (at most the number of DuckDB connections) */
  slots: number;
  /** of which heavy jobs may hold at most this many */
  heavySlots: number;
  /** jobs of one client per lane, waiting or running */
  perClient: Record<Lane, number>;
  /** jobs waiting per lane */
  maxWaiting: Record<Lane, number>;
  /** from submission to the end of the work */
  timeoutMs: number;
  /** a waiting heavy job counts as this much younger than it is when the next job to start is chosen */
  heavyHandicapMs?: number;
}

export interface Job<T> {
  lane: Lane;
  client: string;
  /** the work; `signal` fires on timeout, and the work must then stop (interrupt its query) */
  work: (signal: AbortSignal) => Promise<T>;
}

interface Waiting {
  lane: Lane;
  /** when it may start, for the order: its arrival, plus the handicap of a heavy job */
  rank: number;
  start: () => void;
  cancel: () => void;
}

export class QueryQueue {
  private readonly running: Record<Lane, number> = { cheap: 0, heavy: 0 };
  private readonly waiting: Record<Lane, Waiting[]> = { cheap: [], heavy: [] };
  private readonly perClient = new Map<string, number>();

  constructor(readonly options: QueueOptions) {
    if (options.slots < 1 || options.heavySlots < 1) throw new Error('QueryQueue needs at least one slot');
  }

  /** Counters for tests and benchmarks. */
  stats() {
    return {
      running: { ...this.running },
      waiting: { cheap: this.waiting.cheap.length, heavy: this.waiting.heavy.length },
    };
  }

  run<T>(job: Job<T>): Promise<T> {
    const { lane, client } = job;
    const key = `${lane}\u0000${client}`;
    const mine = this.perClient.get(key) ?? 0;
    if (mine >= this.options.perClient[lane]) {
      return Promise.reject(
        new BusyError(
          429,
          `Too many ${lane} queries in flight from this client (at most ${this.options.perClient[lane]}); retry shortly.`,
          PER_CLIENT_RETRY_SECONDS,
        ),
      );
    }
    const canStart = this.canStart(lane);
    if (!canStart && this.waiting[lane].length >= this.options.maxWaiting[lane]) {
      return Promise.reject(new BusyError(503, 'The stats server is busy; retry shortly.', 5));
    }
    this.perClient.set(key, mine + 1);
    const done = () => {
      const n = (this.perClient.get(key) ?? 1) - 1;
      if (n > 0) this.perClient.set(key, n);
      else this.perClient.delete(key);
    };

    return new Promise<T>((resolve, reject) => {
      const controller = new AbortController();
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done();
        fn();
      };
      const timeoutError = () =>
        new BusyError(503, `The query took longer than ${Math.round(this.options.timeoutMs / 1000)} s and was stopped; retry later or narrow the filters.`, 10);

      const enqueuedAt = performance.now();
      const entry: Waiting = {
        lane,
        rank: enqueuedAt + (lane === 'heavy' ? (this.options.heavyHandicapMs ?? 0) : 0),
        start: () => {
          queueWait.observe({ lane }, (performance.now() - enqueuedAt) / 1000);
          this.running[lane]++;
          let work: Promise<T>;
          try {
            work = job.work(controller.signal);
          } catch (err) {
            work = Promise.reject(err);
          }
          work
            .then(
              (value) => finish(() => resolve(value)),
              (err: unknown) => finish(() => reject(controller.signal.aborted ? timeoutError() : err)),
            )
            .finally(() => {
              this.running[lane]--;
              this.pump();
            });
        },
        cancel: () => {
          const list = this.waiting[lane];
          const i = list.indexOf(entry);
          if (i >= 0) list.splice(i, 1);
        },
      };

      const timer = setTimeout(() => {
        entry.cancel(); // when still waiting
        controller.abort();
        finish(() => reject(timeoutError()));
      }, this.options.timeoutMs);

      if (canStart) entry.start();
      else this.waiting[lane].push(entry);
    });
  }

  private canStart(lane: Lane): boolean {
    const total = this.running.cheap + this.running.heavy;
    if (total >= this.options.slots) return false;
    return lane === 'cheap' || this.running.heavy < this.options.heavySlots;
  }

  /** Starts waiting jobs while a slot is free: each time the lowest rank among the lanes' heads that may start. */
  private pump(): void {
    for (;;) {
      let next: Lane | null = null;
      for (const lane of LANES) {
        const head = this.waiting[lane][0];
        if (head && this.canStart(lane) && (next === null || head.rank < this.waiting[next][0]!.rank)) next = lane;
      }
      if (next === null) return;
      this.waiting[next].shift()!.start();
    }
  }
}
