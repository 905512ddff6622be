import { z } from 'zod';
import { Uuid } from './ids.ts';
import { multiLineText, optionalSingleLineText } from './text.ts';
import { isValidEmail, validationMessages as m } from './validation.ts';

/**
 * Give us feedback (docs/product/feedback.md, docs/decisions/062-feedback.md): anyone, signed in or
 * not, rates how easy the portal was to use and may leave comments and a way to reach them.
 */

/** API paths of feedback: public, outside the signed-in context. */
export const feedbackApiPaths = {
  /** POST: sends feedback (stored, and mailed to the support address); rate-limited per client. */
  feedback: '/api/feedback',
} as const;

/** Most characters of the comments. */
export const FEEDBACK_COMMENTS_MAX = 1000;

/** The rating scale, 1 (very difficult) to 5 (very easy), with the words the form shows. */
export const feedbackRatings = [
  { value: 1, label: 'Very difficult' },
  { value: 2, label: 'Difficult' },
  { value: 3, label: 'Neither easy nor difficult' },
  { value: 4, label: 'Easy' },
  { value: 5, label: 'Very easy' },
] as const;

/** Messages of the feedback form, shared with the API's problems. */
export const feedbackMessages = {
  question: 'How easy was it to use the portal?',
  ratingRequired: 'Choose how easy it was to use the portal',
  commentsTooLong: `Enter ${FEEDBACK_COMMENTS_MAX.toLocaleString('en-AU')} characters or fewer`,
} as const;

/** Feedback as the form sends it; the contact is optional and checked when given. */
export const FeedbackInput = z.object({
  rating: z
    .number({ message: feedbackMessages.ratingRequired })
    .int(feedbackMessages.ratingRequired)
    .min(1, feedbackMessages.ratingRequired)
    .max(5, feedbackMessages.ratingRequired),
  comments: multiLineText({
    max: FEEDBACK_COMMENTS_MAX,
    tooLong: feedbackMessages.commentsTooLong,
  }),
  contactName: optionalSingleLineText(100),
  contactEmail: optionalSingleLineText(200).refine(
    (v) => v === '' || isValidEmail(v),
    m.emailInvalid,
  ),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

/** What sending feedback answers: its reference. */
export const FeedbackReceipt = z.object({ id: Uuid });
export type FeedbackReceipt = z.infer<typeof FeedbackReceipt>;
