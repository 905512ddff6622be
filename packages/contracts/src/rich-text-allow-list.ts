/**
 * The allow-list of rich text the portal stores and shows (docs/decisions/026-notifications.md): simple formatting
 * and links only. The server applies it with sanitize-html when a notification is stored, the web with DOMPurify
 * when it shows one, so both keep the same tags, attributes and link schemes. Everything else is dropped: the
 * elements of `nonTextTags` with their content, other elements keeping only their text. A link's href must use
 * one of `schemes` or be a path of the portal (never protocol-relative), and every link gets `linkRel`.
 */
export const richTextAllowList = {
  tags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'],
  attributes: { a: ['href', 'rel'] } as Readonly<Record<string, readonly string[]>>,
  schemes: ['http', 'https', 'mailto'],
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp'],
  linkRel: 'noopener noreferrer',
} as const;

/** An allow-list of rich text (richTextAllowList, or one that extends it). */
export type RichTextAllowList = {
  readonly tags: readonly string[];
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  readonly schemes: readonly string[];
  readonly nonTextTags: readonly string[];
  readonly linkRel: string;
};
