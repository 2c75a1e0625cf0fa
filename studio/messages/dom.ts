/** Building the inbox's elements: strangers' texts only ever become text nodes, never HTML. */

type Child = Node | string | null | false;

/** An element with attributes and children (strings become text nodes). */
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
