/**
 * What a journey asks of a browser engine, whichever protocol drives it: Firefox through
 * WebDriver BiDi (puppeteer-core), WebKit through WebDriver classic (WebKitWebDriver).
 */

export const ENGINES = ['firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface Viewport {
  width: number;
  height: number;
}

/** A function run in the page: self-contained, its arguments and result JSON values. */
export type PageFunction<Args extends unknown[], Result> = (...args: Args) => Result | Promise<Result>;

/** Keys a journey presses. */
export type Key = 'Escape' | 'Tab' | 'Enter' | 'Space' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'k' | 'm' | '?';

export interface EnginePage {
  /** Loads `url` as a new document and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page and returns its (awaited) result. */
  evaluate<Args extends unknown[], Result>(fn: PageFunction<Args, Result>, ...args: Args): Promise<Result>;
  /** Runs a script's source (a library, not a function) in the page, as the test's own code: the page's CSP does not apply. */
  runScript(source: string): Promise<void>;
  /** A real pointer click in the middle of the first element matching the CSS selector. */
  click(selector: string): Promise<void>;
  /** Rests the pointer in the middle of the first element matching the CSS selector. */
  hover(selector: string): Promise<void>;
  /** Moves the pointer to a point of the viewport, in CSS px. */
  movePointer(x: number, y: number): Promise<void>;
  /** Writes a PNG of the whole page, or of the viewport only, to `path`. */
  screenshot(path: string, fullPage: boolean): Promise<void>;
  /** Types into the first element matching the CSS selector, key by key. */
  type(selector: string, text: string): Promise<void>;
  /** Presses a key where the focus is. */
  press(key: Key): Promise<void>;
  /**
   * Runs `fn` in every document loaded from now on, before the page's own scripts; null where
   * the engine's driver cannot (WebKit's WebDriver runs scripts only once a page has loaded).
   */
  beforeScripts: ((fn: () => void) => Promise<void>) | null;
  /**
   * Gives the engine a cookie of `origin`, as its server sets one: HttpOnly, SameSite=Strict
   * (a session made elsewhere, for pages behind a sign-in).
   */
  setCookie(origin: string, cookie: { name: string; value: string; path: string }): Promise<void>;
  /** The errors the page reported since the last call: uncaught errors, rejections, CSP refusals, console.error. */
  takeErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** A fresh page (its own cookies and storage) whose layout viewport is `viewport`. */
  newPage(viewport: Viewport): Promise<EnginePage>;
  /** Stops the engine and its helpers. */
  close(): Promise<void>;
}

/** The in-page store of the errors hookErrors records. */
export interface ErrorLog {
  __e2eErrors?: string[];
}

/**
 * Installed in the page before its scripts where the engine allows (Firefox), else right after
 * each load (WebKit): records what the page did wrong in `window.__e2eErrors`.
 */
export function hookErrors(): void {
  const win = window as unknown as ErrorLog;
  if (win.__e2eErrors) return;
  const errors: string[] = [];
  win.__e2eErrors = errors;
  window.addEventListener('error', (event) => {
    // A resource that failed to load (its target an element) is not a script error.
    if (event instanceof ErrorEvent) errors.push(`error: ${event.message}`);
  });
  window.addEventListener('unhandledrejection', (event) => errors.push(`unhandled rejection: ${String(event.reason)}`));
  document.addEventListener('securitypolicyviolation', (event) =>
    errors.push(`CSP refused ${event.blockedURI} (${event.violatedDirective})`),
  );
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    errors.push(`console.error: ${args.map(String).join(' ')}`);
    consoleError(...args);
  };
}

/** Reads and empties the page's error log; null when the hook is not installed. */
export function drainErrors(): string[] | null {
  const win = window as unknown as ErrorLog;
  return win.__e2eErrors ? win.__e2eErrors.splice(0) : null;
}
