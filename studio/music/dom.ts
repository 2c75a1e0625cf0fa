/** Building the music page's elements: a tag, its attributes and text, its children. */

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  created.append(...children);
  return created;
}

/** A button that runs `action` when pressed, disabled meanwhile. */
export function button(
  text: string,
  attributes: Record<string, string>,
  action: () => Promise<void>,
): HTMLButtonElement {
  const created = element('button', { type: 'button', ...attributes }, text);
  created.addEventListener('click', () => {
    created.disabled = true;
    void action().finally(() => {
      created.disabled = false;
    });
  });
  return created;
}
