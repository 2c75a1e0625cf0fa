/**
 * The few WebDriver classic commands the journeys use, over plain HTTP: no client library, so
 * nothing can reach for a driver download.
 */

/** Long enough for a page load on a busy machine; short enough to name a stuck command within a test. */
const COMMAND_TIMEOUT_MS = 20_000;
/** A new session starts a browser: on a two-core machine busy with other tests, that can take longer. */
const SESSION_TIMEOUT_MS = 45_000;

export class WebDriverSession {
  private readonly base: string;

  private constructor(base: string) {
    this.base = base;
  }

  static async create(driverUrl: string, capabilities: object): Promise<WebDriverSession> {
    const value = await command<{ sessionId: string }>(
      `${driverUrl}/session`,
      'POST',
      { capabilities: { alwaysMatch: capabilities } },
      SESSION_TIMEOUT_MS,
    );
    return new WebDriverSession(`${driverUrl}/session/${value.sessionId}`);
  }

  send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<T> {
    return command<T>(`${this.base}${path}`, method, body);
  }

  /** The WebDriver id of the first element matching a CSS selector. */
  async find(selector: string): Promise<string> {
    const value = await this.send<Record<string, string>>('POST', '/element', {
      using: 'css selector',
      value: selector,
    });
    const id = Object.values(value)[0];
    if (!id) throw new Error(`No element ${selector}`);
    return id;
  }
}

async function command<T>(url: string, method: string, body?: object, timeoutMs = COMMAND_TIMEOUT_MS): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error: unknown) => {
    const what = body && 'script' in body ? ` (${String(body.script).slice(0, 80)})` : '';
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}${what} failed: ${String(error)}`);
  });
  const payload = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) {
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}: ${payload.value.error} ${payload.value.message}`);
  }
  return payload.value;
}
