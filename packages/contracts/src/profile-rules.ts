// The profile's wording, zod-free so the verify-email page (signed out) carries no schema library.

/** Messages of the profile (docs/product/features.md#profile). */
export const profileMessages = {
  saved: 'Successfully updated your profile',
  detailsSaved: 'Successfully updated your details',
  registered: 'You are now registered as a practitioner.',
  saveFailed: 'Error saving basic information.',
  resendLocked: 'Verification email resend time has not expired',
  resendLockedWarning: 'Please wait before requesting another verification',
  verifying: 'Verifying email..',
  verifiedTitle: 'Email Verified',
  verified: 'Your email has been successfully verified.',
  verifyFailed: 'Email verification failed. Please ensure the verification link is correct.',
  preferredNameHint: 'Your preferred name may be changed in the government services portal.',
  personalContactDetailsText:
    'Your personal contact details are only shared with organisations that you or your delegate choose.',
  hpiiValidating: 'The H P I I is being validated',
  hpiiValid: 'HPI-I is valid',
  hpiiNotRetrievable: 'Unable to retrieve the HPI-I.',
} as const;
