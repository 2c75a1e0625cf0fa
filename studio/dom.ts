/**
 * Building the studio's elements, for every section alike: strangers' texts (a visitor's
 * message, a track's tags) only ever become text nodes, never HTML.
 */

type Child = Node | string | null | false;

/** An element with attributes and children (strings become text nodes; false and null are left out). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | false> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== false) made.setAttribute(name, value);
  made.append(...children.filter((child): child is Node | string => child !== null && child !== false));
  return made;
}

/** A button that runs `action` when pressed, disabled meanwhile. */
export function button(
  text: string,
  attributes: Record<string, string>,
  action: () => Promise<void>,
): HTMLButtonElement {
  const created = h('button', { type: 'button', ...attributes }, text);
  created.addEventListener('click', () => {
    created.disabled = true;
    void action().finally(() => {
      created.disabled = false;
    });
  });
  return created;
}
