import { z } from 'zod';

/**
 * The one rule for text a person or a client sends us (docs/decisions/008-text-rules-and-problem-types.md):
 * trimmed; no C0 control character (U+0000–U+001F) and no DEL, except line breaks and tabs in
 * multi-line fields; single-line fields take no line break at all (business names go into mail
 * subjects); well-formed Unicode only (no lone surrogates); and a length limit. Every string a
 * schema here accepts is built from these, so the database never sees a byte it refuses.
 */

/** Messages of the text rule, shown next to the field. */
export const textMessages = {
  lineBreak: 'Remove the line break',
  invalidCharacter: 'Remove the invalid character',
  tooLong: (max: number) => `Enter ${max} characters or fewer`,
  tooShort: (min: number) => `Enter at least ${min} characters`,
} as const;

// Controls that never belong in text. Tab, LF and CR are handled on their own below.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one. The lib target
// (ES2023) does not type String.prototype.isWellFormed, so the check is spelt out.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAK = /[\r\n]/;
// In multi-line text a CR is allowed only as the first half of CRLF.
const LONE_CR = /\r(?!\n)/;

/** Whether the text may span lines (then LF, CRLF and tab are allowed). */
export type TextLines = 'single' | 'multi';

/** The message for the first thing wrong with the characters of `value`, or null when they are fine. */
export function textCharacterProblem(value: string, lines: TextLines): string | null {
  if (LONE_SURROGATE.test(value)) return textMessages.invalidCharacter;
  if (FORBIDDEN_CONTROL.test(value)) return textMessages.invalidCharacter;
  if (lines === 'single') {
    if (LINE_BREAK.test(value)) return textMessages.lineBreak;
    if (value.includes('\t')) return textMessages.invalidCharacter;
  } else if (LONE_CR.test(value)) return textMessages.invalidCharacter;
  return null;
}

export interface TextOptions {
  /** Most characters (UTF-16 code units, as the browser's maxlength counts) after trimming. */
  max: number;
  /** Fewest characters after trimming (0 = may be empty). */
  min?: number;
  /** Message when the trimmed value is shorter than `min` (for min 1: the "Enter the …" message). */
  required?: string;
  /** Message when the value is longer than `max`. */
  tooLong?: string;
  /**
   * Trim the value (the default). Protocol values a program sends, such as the OAuth token request's
   * parameters, are compared exactly and keep their spaces.
   */
  trim?: boolean;
}

function text(lines: TextLines, { max, min = 0, required, tooLong, trim = true }: TextOptions) {
  // Trim first, so a pasted trailing newline is not a mistake; then the characters (abort: one message
  // per field); then the length.
  let schema = (trim ? z.string().trim() : z.string()).check((ctx) => {
    const message = textCharacterProblem(ctx.value, lines);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value, continue: false });
  });
  if (min > 0) schema = schema.min(min, required ?? textMessages.tooShort(min));
  return schema.max(max, tooLong ?? textMessages.tooLong(max));
}

/** One line of text: a name, a code, a search term. */
export function singleLineText(options: TextOptions) {
  return text('single', options);
}

/** Text that may span lines (LF or CRLF) and hold tabs: a description, a reason. */
export function multiLineText(options: TextOptions) {
  return text('multi', options);
}

/** Optional single-line text: '' when not given. */
export function optionalSingleLineText(max: number, tooLong?: string) {
  return text('single', { max, ...(tooLong ? { tooLong } : {}) });
}
