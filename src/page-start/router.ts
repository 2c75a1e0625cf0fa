/**
 * In-place page changes through Astro's public router API (`navigate`), so the player keeps
 * playing across pages and languages: the link and form handling of Astro's ClientRouter
 * (`fallback="none"`), whose script is compiled only into pages that render it and would load
 * before the first paint. Checked against the Astro version in astro-version.ts.
 */
import { navigate, supportsViewTransitions, type Options } from 'astro:transitions/client';
import './persisted-islands.ts';
import { startPrefetching } from './prefetch.ts';

let lastClickedElementLeavingWindow: EventTarget | null = null;

/** Clicks the browser handles itself: another button, or a key asking for a new tab or window. */
const leavesWindow = (event: MouseEvent) =>
  (event.button && event.button !== 0) || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey;

const isReloadElement = (element: HTMLElement | SVGAElement) => element.dataset['astroReload'] !== undefined;

function fallback(): string {
  return document.querySelector('[name="astro-view-transitions-fallback"]')?.getAttribute('content') ?? 'animate';
}

if (supportsViewTransitions || fallback() !== 'none') {
  document.addEventListener('click', (event) => {
    let link: EventTarget | null = event.target;
    lastClickedElementLeavingWindow = leavesWindow(event) ? link : null;
    if (event.composed) link = event.composedPath()[0] ?? null;
    if (link instanceof Element) link = link.closest('a, area');
    if (!(link instanceof HTMLAnchorElement) && !(link instanceof SVGAElement) && !(link instanceof HTMLAreaElement))
      return;
    // Only same-origin navigations in this window; anything else is the browser's.
    const linkTarget = link instanceof HTMLElement ? link.target : link.target.baseVal;
    const href = link instanceof HTMLElement ? link.href : link.href.baseVal;
    const origin = new URL(href, location.href).origin;
    if (
      isReloadElement(link) ||
      link.hasAttribute('download') ||
      !href ||
      (linkTarget && linkTarget !== '_self') ||
      origin !== location.origin ||
      lastClickedElementLeavingWindow ||
      event.defaultPrevented
    )
      return;
    event.preventDefault();
    void navigate(href, {
      history: link.dataset['astroHistory'] === 'replace' ? 'replace' : 'auto',
      sourceElement: link,
    });
  });

  document.addEventListener('submit', (event) => {
    const element = event.target as HTMLElement;
    const submitter = event.submitter;
    const clickedWithKeys = submitter && submitter === lastClickedElementLeavingWindow;
    lastClickedElementLeavingWindow = null;
    if (element.tagName !== 'FORM' || event.defaultPrevented || isReloadElement(element) || clickedWithKeys) return;
    const form = element as HTMLFormElement;
    const formData = new FormData(form, submitter);
    // form.action and form.method can name an <input name="action"> or <input name="method">.
    const formAction = typeof form.action === 'string' ? form.action : form.getAttribute('action');
    const formMethod = typeof form.method === 'string' ? form.method : form.getAttribute('method');
    let action = submitter?.getAttribute('formaction') ?? formAction ?? location.pathname;
    const method = submitter?.getAttribute('formmethod') ?? formMethod ?? 'get';
    if (method === 'dialog' || location.origin !== new URL(action, location.href).origin) return;
    const options: Options = { sourceElement: submitter ?? form };
    if (method === 'get') {
      const url = new URL(action);
      url.search = new URLSearchParams(formData as unknown as Record<string, string>).toString();
      action = url.toString();
    } else {
      options.formData = formData;
    }
    event.preventDefault();
    void navigate(action, options);
  });

  startPrefetching();
}
