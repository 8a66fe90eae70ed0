// Small DOM helpers. Text is always set as text, never parsed as HTML.

/** Creates an element with properties and children. */
export function el(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Formats a number with a fixed number of decimals. */
export function fixed(value, decimals) {
  return Number.isFinite(value) ? value.toFixed(decimals) : 'undefined';
}
