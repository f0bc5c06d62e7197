/** Building the page's elements in one expression each. */

export interface ElementProps {
  readonly class?: string;
  readonly text?: string;
  /** The `data-testid` browser tests find the element by. */
  readonly testid?: string;
  readonly title?: string;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.class) e.className = props.class;
  if (props.text !== undefined) e.textContent = props.text;
  if (props.testid) e.dataset.testid = props.testid;
  if (props.title) e.title = props.title;
  for (const [k, v] of Object.entries(props.attrs ?? {})) e.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** A button that runs `onClick`. */
export function button(
  label: string,
  onClick: () => void,
  props: ElementProps = {},
): HTMLButtonElement {
  const b = el('button', { ...props, text: label, attrs: { type: 'button', ...props.attrs } });
  b.addEventListener('click', onClick);
  return b;
}
