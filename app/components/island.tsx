/**
 * Islands: parts of a page whose code is not part of the first load. The server renders them whole, so
 * the HTML (and the page without JavaScript) is complete; in the browser their code arrives once the page
 * has loaded and the network is idle, or at the shopper's first touch, key press or focus, whichever comes
 * first. Until then React leaves their server HTML in place (a Suspense boundary still to hydrate): links
 * and forms in it work as plain HTML meanwhile.
 */
import { lazy, Suspense, type ComponentType } from "react";

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
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return Island;
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
