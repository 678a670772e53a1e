/**
 * Islands: parts of a page whose code is not part of the first load. The server renders them whole, so
 * the HTML (and the page without JavaScript) is complete; in the browser their code arrives once the page
 * has loaded and the network is idle, or at the shopper's first touch, key press or focus, whichever comes
 * first. Until then React leaves their server HTML in place (a Suspense boundary still to hydrate): links
 * and forms in it work as plain HTML meanwhile.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };

/** Every island's loader, so that the server can have them all ready before it renders. */
const loaders: (() => Promise<unknown>)[] = [];

/** How long a failed fetch of an island's code waits before asking again, if the phone does not say it is back online first. */
const RETRY_MS = 5000;

/**
 * In the browser, a chunk that fails to arrive (a dropped or cut connection) is asked for again when the
 * phone is back online, or after a pause: until then the island keeps its server HTML, where a rejection
 * would have replaced the whole page with the error page. The server has the code on disk: it fails loudly.
 */
function untilLoaded<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (typeof window === "undefined") throw error;
    return new Promise<void>((resolve) => {
      const retry = () => {
        window.removeEventListener("online", retry);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(retry, RETRY_MS);
      window.addEventListener("online", retry);
    }).then(() => untilLoaded(load));
  });
}

let openGate: () => void = () => {};
/** Opens when the browser may fetch the islands' code (see openIslands). */
const gate = new Promise<void>((resolve) => (openGate = resolve));

/**
 * Island imports take turns, after the gate. An import is main-thread work (resolving and requesting the
 * chunk, then evaluating its module graph): started all in one callback, the islands of a page made one
 * long task on a slow phone. Each starts in a task of its own instead, one task after the previous one
 * started; none waits for another's chunk to arrive, so the requests still overlap.
 */
let lastTurn: Promise<unknown> = gate;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
const inTurn = <T,>(load: () => Promise<T>) => (lastTurn = lastTurn.then(nextTask)).then(load);

export function island<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const fetchModule = () => (loading ??= untilLoaded(load).then((module) => (loaded = module)));
  loaders.push(fetchModule);
  // Once loaded, React.lazy gets an already-resolved thenable and renders at once, without suspending:
  // that is what lets the server stream the island inline, with no fallback, for browsers without JS.
  const Lazy = lazy((): Promise<Module<P>> =>
    loaded
      ? ({ then: (resolve: (module: Module<P>) => void) => resolve(loaded!) } as Promise<Module<P>>)
      : typeof document === "undefined"
        ? fetchModule()
        : // The islands this page renders come first: their turns are taken while it hydrates.
          inTurn(fetchModule),
  );
  // React's types for lazy() take props through a ref-aware mapping that a generic P cannot satisfy.
  const Inner = Lazy as unknown as ComponentType<P>;
  function Island(props: P) {
    const mark = useRef<HydrationMark>({ hydrated: false }).current;
    useEffect(() => {
      // Runs as the page hydrates, outside the boundary: the island waits until Hydrated says otherwise.
      if (!mark.hydrated) notHydrated.add(mark);
      return () => {
        notHydrated.delete(mark);
        settle();
      };
    }, [mark]);
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
        <Hydrated mark={mark} />
      </Suspense>
    );
  }
  return Island;
}

type HydrationMark = { hydrated: boolean };
/** The islands on the page whose server HTML React has not hydrated yet. */
const notHydrated = new Set<HydrationMark>();
let whenAllHydrated: (() => void)[] = [];

function settle() {
  if (notHydrated.size > 0) return;
  const callbacks = whenAllHydrated;
  whenAllHydrated = [];
  callbacks.forEach((callback) => callback());
}

/** Renders nothing; its effect runs once its island's boundary is hydrated (or rendered in the browser). */
function Hydrated({ mark }: { mark: HydrationMark }) {
  useEffect(() => {
    mark.hydrated = true;
    notHydrated.delete(mark);
    settle();
  }, [mark]);
  return null;
}

/**
 * Calls back once every island on the page is hydrated: at once if they are, or after `timeoutMs` whatever
 * happens (an island whose code cannot come). An update that reaches an island still waiting for its code
 * makes React throw its server HTML away and draw it afresh (error 421), losing what the shopper typed in
 * it; work that changes what the islands show waits here. Opens the islands' code at once (openIslands): the
 * caller has work waiting on them. Call from an effect of a component above the islands (its effects run
 * after theirs), so that every island on the page is counted. Returns a cancel function.
 */
export function afterIslandsHydrate(callback: () => void, timeoutMs: number): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    callback();
  };
  const timer = setTimeout(once, timeoutMs);
  whenAllHydrated.push(once);
  openIslands();
  settle();
  return () => {
    done = true;
    clearTimeout(timer);
  };
}

/** The server: load every island's code before rendering, so that none suspends. */
export function loadAllIslands(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}

/**
 * The browser: let the islands' code come, those this page renders first, then every other one known
 * (the error page's among them, so that it can show even once the phone is offline).
 */
export function openIslands() {
  openGate();
  loaders.forEach(inTurn);
}
