/**
 * A D1 binding that counts the request's sequential round trips to the database, and can make each one
 * slow. Only the tests (tests/integration/d1-trips.test.ts) and the bench's own Worker entry
 * (workers/bench-distance.ts) wrap a binding in it: the Worker deployed (workers/app.ts) never imports it.
 *
 * A trip is what the request waits for: every call that reaches D1 (a statement's all/first/run/raw, a
 * batch, an exec) started while no other is in flight begins a trip; calls started while one is in flight
 * travel beside it, in the same trip. In production each trip crosses from the shopper's edge to the
 * database's region; locally it costs microseconds, so `delayMs` puts the distance back.
 */

export type TripCounter = {
  /** The binding to give the app in place of the real one. */
  d1: D1Database;
  /** Sequential trips since the start (or the last reset). */
  trips: () => number;
  /** Calls that reached D1 (several may share a trip). */
  calls: () => number;
  reset: () => void;
};

const RUNS = new Set(["all", "first", "run", "raw"]);

export function countTrips(real: D1Database, { delayMs = 0 }: { delayMs?: number } = {}): TripCounter {
  let trips = 0;
  let calls = 0;
  let inFlight = 0;
  /** The real statement behind each wrapped one: D1's batch() takes only its own. */
  const unwrapped = new WeakMap<object, D1PreparedStatement>();

  const travel = <T>(go: () => Promise<T>): Promise<T> => {
    if (inFlight === 0) trips++;
    inFlight++;
    calls++;
    const answer = delayMs > 0 ? new Promise((r) => setTimeout(r, delayMs)).then(go) : go();
    return answer.finally(() => {
      inFlight--;
    });
  };

  const statement = (real: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(real, {
      get(target, name) {
        const value = Reflect.get(target, name, target) as unknown;
        if (typeof value !== "function") return value;
        if (name === "bind") return (...params: unknown[]) => statement(target.bind(...params));
        if (RUNS.has(String(name)))
          return (...args: unknown[]) =>
            travel(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    unwrapped.set(wrapped, real);
    return wrapped;
  };

  /** A database or one of its sessions (withSession): prepare and batch are the calls they share. */
  const database = <D extends D1Database | D1DatabaseSession>(target: D): D =>
    new Proxy(target, {
      get(t, name) {
        const value = Reflect.get(t, name, t) as unknown;
        if (typeof value !== "function") return value;
        if (name === "prepare") return (query: string) => statement(t.prepare(query));
        if (name === "batch")
          return (statements: D1PreparedStatement[]) =>
            travel(() => t.batch(statements.map((s) => unwrapped.get(s) ?? s)));
        if (name === "exec") return (query: string) => travel(() => (t as D1Database).exec(query));
        if (name === "withSession")
          return (constraint?: string) => database((t as D1Database).withSession(constraint));
        return (value as (...a: unknown[]) => unknown).bind(t);
      },
    });

  return {
    d1: database(real),
    trips: () => trips,
    calls: () => calls,
    reset: () => {
      trips = 0;
      calls = 0;
    },
  };
}
