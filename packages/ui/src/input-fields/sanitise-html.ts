import DOMPurify from 'dompurify';
import { richTextAllowList, type RichTextAllowList } from '@pca/contracts/rich-text-allow-list.ts';

/** What the rich text editor may produce besides the shared list: the toolbar's b, i, u, tel: links, and the div
 * contentEditable writes for a new line (stored as a paragraph); its links open in a new tab. */
export const editorAllowList: RichTextAllowList & { linkTarget: '_blank'; divAsParagraph: true } = {
  ...richTextAllowList,
  tags: [...richTextAllowList.tags, 'b', 'i', 'u', 'div'],
  attributes: { a: ['href', 'rel', 'target'] },
  schemes: [...richTextAllowList.schemes, 'tel'],
  linkTarget: '_blank',
  divAsParagraph: true,
};

type Options = RichTextAllowList & { linkTarget?: string; divAsParagraph?: boolean };

/** A scheme, or a path of the portal; never protocol-relative (`//host`, or `/\host`, which browsers read so). */
const hrefPattern = (schemes: readonly string[]) =>
  new RegExp(`^(?:(?:${schemes.join('|')}):|(?![a-z][a-z0-9+.-]*:)(?![/\\\\]{2}))`, 'i');

function sanitiserOf(list: Options): (html: string) => string {
  const purify = DOMPurify(window);
  const tags = new Set(list.tags);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    // Attributes are allowed per tag (DOMPurify's own list is one for all tags).
    data.keepAttr &&=
      list.attributes[node.nodeName.toLowerCase()]?.includes(data.attrName) ?? false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
    node.setAttribute('rel', list.linkRel);
    if (list.linkTarget) node.setAttribute('target', list.linkTarget);
    else node.removeAttribute('target');
  });
  const config = {
    ALLOWED_TAGS: [...tags],
    ALLOWED_ATTR: [...new Set(Object.values(list.attributes).flat())],
    ALLOWED_URI_REGEXP: hrefPattern(list.schemes),
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    ADD_FORBID_CONTENTS: [...list.nonTextTags],
  };
  return (html) => {
    const body = purify.sanitize(html, { ...config, RETURN_DOM: true });
    // A link whose href was refused is only its text.
    for (const a of Array.from(body.querySelectorAll('a:not([href])')))
      a.replaceWith(...a.childNodes);
    if (list.divAsParagraph)
      for (const div of Array.from(body.querySelectorAll('div'))) {
        const p = body.ownerDocument.createElement('p');
        p.append(...div.childNodes);
        div.replaceWith(p);
      }
    return body.innerHTML;
  };
}

const sanitisers = new Map<Options, (html: string) => string>();

/**
 * Sanitises HTML with an allow-list (by default the one the server applies, packages/contracts/src/rich-text-allow-list.ts)
 * using DOMPurify: only the listed tags survive, only each tag's listed attributes, links only with a listed scheme
 * or a path of the portal, and script-like elements go with their content.
 */
export function sanitiseHtml(html: string, list: Options = richTextAllowList): string {
  let sanitise = sanitisers.get(list);
  if (!sanitise) sanitisers.set(list, (sanitise = sanitiserOf(list)));
  return sanitise(html);
}

/** The visible text length of an HTML fragment (what a max length counts). */
export function htmlTextLength(html: string): number {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (parsed.body.textContent ?? '').length;
}
