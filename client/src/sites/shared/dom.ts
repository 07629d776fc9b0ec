/**
 * A tiny element builder: the site is plain DOM (see journal-site.ts). Text always goes in as
 * text nodes and attributes through setAttribute, so nothing here parses HTML; the only HTML
 * the site parses is page content, and that goes through sanitize-content.ts.
 */

export type Child = Node | string | null | undefined | false;
/** `false`, null and undefined leave the attribute out; `true` sets it empty. */
export type Attributes = Record<string, string | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/**
 * Sets an ARIA state such as `aria-invalid` or `aria-busy` to "true", or removes it: an empty
 * value would read as false.
 */
export function setAriaState(element: Element, name: `aria-${string}`, on: boolean): void {
  if (on) element.setAttribute(name, 'true');
  else element.removeAttribute(name);
}
