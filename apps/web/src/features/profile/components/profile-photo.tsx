import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { photoFileAccept, photoMessages } from '@pca/contracts/profile-photo-rules.ts';
import { Avatar } from '@pca/ui/avatar/avatar.tsx';
import { PhotoPlaceholder } from '@pca/ui/avatar/photo-placeholder.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { PhotoUploadDialog, type PhotoTools } from './photo-upload-dialog.tsx';
import { RemovePhotoDialog } from './remove-photo-dialog.tsx';

/** Props of ProfilePhoto. */
export type ProfilePhotoProps = {
  userId: string;
  photoData: string | null;
  fullName: string;
  /** The page's status banner: null when an action begins, its message when one succeeds. */
  onStatus: (message: string | null) => void;
  /** The dialog's browser tools; tests pass their own. */
  tools?: PhotoTools;
};

/**
 * The left column of Basic information (docs/product/features.md#profile): the user's photo, or a
 * placeholder image when there is none; Add Photo or Replace Photo opens the file picker (PNG and JPEG), then the
 * upload dialog with the picked file; Remove, shown only with a photo, asks first.
 */
export function ProfilePhoto({ userId, photoData, fullName, onStatus, tools }: ProfilePhotoProps) {
  const [givenName, ...rest] = fullName.split(' ');
  const inputRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [removing, setRemoving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // After a removal the Remove button is gone; focus goes to Add Photo instead of the page's start.
  const focusAddNext = useRef(false);
  const hasPhoto = Boolean(photoData);
  const limitsId = useId();

  useEffect(() => {
    if (!focusAddNext.current || removing) return;
    focusAddNext.current = false;
    addRef.current?.focus();
  });

  const pick = () => {
    onStatus(null);
    setAnnouncement('');
    inputRef.current?.click();
  };

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Picking the same file again must open the dialog again.
    event.target.value = '';
    if (file) setPicked(file);
  };

  return (
    <Stack gap={1} alignItems="center">
      {photoData ? (
        <Avatar givenName={givenName} familyName={rest.join(' ')} photo={photoData} size="xl" />
      ) : (
        <PhotoPlaceholder label={`${fullName} has no photo`} size="xl" />
      )}
      <ButtonGroup>
        <Button
          variant="secondary"
          size="sm"
          ref={addRef}
          onClick={pick}
          aria-describedby={limitsId}
        >
          {hasPhoto ? 'Replace Photo' : 'Add Photo'}
        </Button>
        {hasPhoto ? (
          <Button
            variant="tertiary"
            size="sm"
            onClick={() => {
              onStatus(null);
              setAnnouncement('');
              setRemoving(true);
            }}
          >
            Remove
          </Button>
        ) : null}
      </ButtonGroup>
      {/* The limits are said before a file is picked, not only in a refusal (issue 30). */}
      <Text as="p" id={limitsId} fontSize="sm" color="muted" style={{ maxWidth: '16rem' }}>
        {photoMessages.limits}
      </Text>
      <input
        ref={inputRef}
        type="file"
        accept={photoFileAccept}
        hidden
        data-testid="photo-file-input"
        onChange={onPicked}
      />
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {announcement}
        </span>
      </VisuallyHidden>
      {picked ? (
        <PhotoUploadDialog
          userId={userId}
          file={picked}
          hasPhoto={hasPhoto}
          tools={tools}
          onClose={() => setPicked(null)}
          onPick={setPicked}
          onSaved={() => {
            setPicked(null);
            // Said here, outside the dialog, so it is still heard once the dialog has closed.
            setAnnouncement(photoMessages.saved);
            onStatus(photoMessages.updated);
          }}
        />
      ) : null}
      {removing ? (
        <RemovePhotoDialog
          userId={userId}
          onClose={() => setRemoving(false)}
          onRemoved={() => {
            setRemoving(false);
            focusAddNext.current = true;
            onStatus(photoMessages.removed);
          }}
        />
      ) : null}
    </Stack>
  );
}
