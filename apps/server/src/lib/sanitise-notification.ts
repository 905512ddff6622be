import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of a notification's HTML (docs/decisions/026-notifications.md): simple formatting and
 * links only. Everything else is dropped — script, style and their content entirely, other elements
 * keeping only their text — and no attribute survives but a link's href, which must be http(s), mailto
 * or a path of the portal. Every link opens with rel="noopener noreferrer".
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'],
  // `rel` is set by the transform below (which runs before this filter), whatever the source said.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  // Relative hrefs ('/tasks-notifications/tasks') are the portal's own pages; protocol-relative ones
  // ('//evil.example') are another site and are refused.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The content of these is never text a person should read (script, style) or is markup in its own right.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer' },
    }),
  },
  parseStyleAttributes: false,
};

/** A notification's message as stored and served: the allow-listed HTML of `html`. */
export function sanitiseNotificationHtml(html: string): string {
  return sanitizeHtml(html, options);
}
