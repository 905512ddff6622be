import sanitizeHtml from 'sanitize-html';
import { richTextAllowList as list } from '@pca/contracts/rich-text-allow-list.ts';

/**
 * The allow-list of a notification's HTML (docs/decisions/026-notifications.md), shared with the web
 * (packages/contracts/src/rich-text-allow-list.ts): simple formatting and links only. Everything else is dropped —
 * script, style and their content entirely, other elements keeping only their text — and no attribute
 * survives but a link's href, which must be http(s), mailto or a path of the portal. Every link opens
 * with rel="noopener noreferrer".
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...list.tags],
  // `rel` is set by the transform below (which runs before this filter), whatever the source said.
  allowedAttributes: Object.fromEntries(
    Object.entries(list.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...list.schemes],
  allowedSchemesAppliedToAttributes: ['href'],
  // Relative hrefs ('/tasks-notifications/tasks') are the portal's own pages; protocol-relative ones
  // ('//evil.example') are another site and are refused.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The content of these is never text a person should read (script, style) or is markup in its own right.
  nonTextTags: [...list.nonTextTags],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: list.linkRel },
    }),
  },
  parseStyleAttributes: false,
};

/** A notification's message as stored and served: the allow-listed HTML of `html`. */
export function sanitiseNotificationHtml(html: string): string {
  return sanitizeHtml(html, options);
}
