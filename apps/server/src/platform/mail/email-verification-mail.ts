import { pages } from '@pca/contracts/pages.ts';
import { escapeHtml as escape } from '#lib/escape-html.ts';
import type { OutgoingMail } from '#platform/outbox.ts';

/** How long a mailed verification link works (docs/decisions/022-profile-and-email-verification.md). */
export const verificationLinkHours = 24;

/** The email verification mail: plain text with an HTML twin, like the delegation mails. */
export function verificationMail(
  productName: string,
  publicUrl: string,
  to: { givenName: string; email: string },
  code: string,
): OutgoingMail {
  const link = `${publicUrl}${pages.auth.verifyEmail.href({ email: to.email, code })}`;
  const lines = [
    `Hello ${to.givenName},`,
    `Please confirm that ${to.email} is your email address for ${productName} by opening this link:`,
    link,
    `The link works once and expires after ${verificationLinkHours} hours. If you did not ask for this, you can ignore this email.`,
  ];
  return {
    to: to.email,
    subject: `Verify your email address for ${productName}`,
    text: `${lines.join('\n\n')}\n`,
    html: [
      `<p>${escape(lines[0]!)}</p>`,
      `<p>${escape(lines[1]!)}</p>`,
      `<p><a href="${escape(link)}">Verify my email address</a></p>`,
      `<p>${escape(lines[3]!)}</p>`,
    ].join('\n'),
  };
}
