// The profile photo's rules and wording, zod-free so the photo dialog and the server share them without
// loading the schemas (docs/decisions/024-profile-photo.md).

/** Limits of a profile photo (docs/product/features.md#feature-validation, #feature-constants). */
export const photoLimits = {
  /** At most 5 MB, file and request body alike. */
  maxBytes: 5 * 1024 * 1024,
  /** Each side must be MORE than this many pixels (48 or less is refused). */
  minSideExclusive: 48,
  maxWidth: 636,
  maxHeight: 336,
  /** The stored photo is a square PNG of this side. */
  outputSide: 160,
  /** The smallest crop selection, in pixels of the picked image. */
  cropMinSide: 48,
  /** Keyboard step of the cropper until a digit key changes it (1 to 9). */
  cropDefaultStep: 3,
} as const;

/** The media types a photo may be: picked, uploaded and stored. */
export const photoMediaTypes = ['image/png', 'image/jpeg'] as const;

/** What the file input offers (.png and .jpeg, docs/product/features.md#profile). */
export const photoFileAccept = '.png,.jpeg,.jpg,image/png,image/jpeg';

/** Every message about the photo, word for word as the specification gives them. */
export const photoMessages = {
  empty: 'The file size must be greater than zero.',
  tooBig: 'The file size must be less than 5MB.',
  type: 'The file type is not supported. Add .png or .jpeg only.',
  invalid: 'The file is an invalid image.',
  tooSmall: 'The file must be an image that is no less than 48 x 48 pixels.',
  tooLarge: 'The file must be an image that is no greater than 636 x 336 pixels.',
  validationFailed: 'An error occurred while validating the file.',
  cropFailed: 'Crop image failed.',
  loadFailed: 'The user photo could not be loaded.',
  saveFailed: 'Error saving user photo.',
  dataFailed: 'Error getting photo data.',
  removeFailed: 'Error removing user photo.',
  saving: 'Saving photo',
  saved: 'Photo successfully saved',
  updated: 'Successfully updated your profile photo',
  removed: 'Successfully removed your profile photo',
  removeConfirm: "You're about to remove your profile photo. Do you want to proceed?",
  /**
   * The limits in words, shown beside Add Photo and in the dialog before and after a file is picked: our
   * own wording (the specification gives only the refusals), built from photoLimits.
   */
  limits:
    'A .png or .jpeg file of up to 5MB, larger than 48 x 48 and no greater than 636 x 336 pixels.',
  chooseAnother: 'Choose another photo',
  keyboardHelp:
    'Arrow keys move the selection; Shift plus arrows enlarge; Shift plus Alt plus arrows shrink; digit keys 1 to 9 set the step size.',
} as const;
