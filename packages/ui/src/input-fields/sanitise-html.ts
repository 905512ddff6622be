/** Tags the rich text editor may produce; anything else is unwrapped (its text kept) or dropped. */
const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'A',
  'DIV',
]);

/** Elements whose content must never survive, not even as text. */
const DROPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'svg',
  'SVG',
  'MATH',
  'LINK',
  'META',
  'FORM',
  'INPUT',
  'BUTTON',
  'TEXTAREA',
  'SELECT',
  'IMG',
  'VIDEO',
  'AUDIO',
  'SOURCE',
  'FRAME',
  'FRAMESET',
  'BASE',
]);

/** Link schemes allowed in href (no javascript:, data:, vbscript:). */
const SAFE_HREF = /^(?:https?:|mailto:|tel:)/i;

function cleanNode(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (DROPPED_TAGS.has(tag) || DROPPED_TAGS.has(element.tagName)) return [];
  const children = Array.from(element.childNodes).flatMap((child) => cleanNode(child, doc));
  if (!ALLOWED_TAGS.has(tag)) return children;
  // DIV is what contentEditable inserts for new lines; store it as a paragraph.
  const clean = doc.createElement(tag === 'DIV' ? 'p' : tag.toLowerCase());
  if (tag === 'A') {
    const href = (element.getAttribute('href') ?? '').trim();
    if (!SAFE_HREF.test(href)) return children;
    clean.setAttribute('href', href);
    clean.setAttribute('rel', 'noopener noreferrer');
    clean.setAttribute('target', '_blank');
  }
  clean.append(...children);
  return [clean];
}

/**
 * Sanitises rich-text HTML with an allow-list: only formatting tags survive, every attribute is
 * dropped except a safe link href, and script-like elements are removed with their content.
 */
export function sanitiseHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  for (const child of Array.from(parsed.body.childNodes))
    container.append(...cleanNode(child, out));
  return container.innerHTML;
}

/** The visible text length of an HTML fragment (what a max length counts). */
export function htmlTextLength(html: string): number {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (parsed.body.textContent ?? '').length;
}
