import type { Transaction } from '#db/client.ts';
import { queueMail } from '#platform/outbox.ts';
import { hashToken, randomToken } from '#lib/tokens.ts';
import { verificationLinkHours, verificationMail } from './email-verification-mail.ts';
import { issueVerification } from './email-verification-repository.ts';

/** Where a verification mail comes from: the product's name and the portal's public address. */
export interface VerificationMailOptions {
  productName: string;
  publicUrl: string;
}

/**
 * Mails a new verification link for `email` inside the caller's transaction
 * (docs/decisions/022-profile-and-email-verification.md): a fresh 256-bit code, only its hash kept, the
 * user's older unused codes retired. Used by the profile and by the register-user dialog.
 */
export async function mailEmailVerification(
  tx: Transaction,
  user: { id: string; givenName: string },
  email: string,
  options: VerificationMailOptions,
) {
  const code = randomToken();
  await issueVerification(tx, {
    userId: user.id,
    email,
    codeHash: hashToken(code),
    expiresAt: new Date(Date.now() + verificationLinkHours * 3_600_000),
  });
  await queueMail(
    tx,
    verificationMail(
      options.productName,
      options.publicUrl,
      { givenName: user.givenName, email },
      code,
    ),
  );
}
