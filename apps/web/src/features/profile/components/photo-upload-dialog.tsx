import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { dialogWidths } from '@pca/contracts/constants.ts';
import { photoFileAccept, photoMessages } from '@pca/contracts/profile-photo-rules.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ApiError } from '#lib/http.ts';
import { useSavePhoto } from '../api/photo.ts';
import { initialSelection, type Selection } from '../crop-geometry.ts';
import { cropPhoto } from '../photo-crop.ts';
import { validatePhoto, type DecodedPhoto, type PhotoValidation } from '../photo-validation.ts';
import { PhotoCropper } from './photo-cropper.tsx';

/**
 * What the dialog does with a picked file that a browser does and a test environment cannot: decode it,
 * show it and crop it. Tests pass their own.
 */
export type PhotoTools = {
  validate: (file: File) => Promise<PhotoValidation>;
  crop: (photo: DecodedPhoto, selection: Selection) => Promise<Blob>;
  /** The picked file as an image source the page's content security policy allows. */
  readAsUrl: (file: File) => Promise<string>;
};

/**
 * The file as a data URL: the API's content security policy (docs/decisions/002-sign-in-and-sessions.md)
 * lets images come from the portal and from data URLs only, not from blob URLs.
 */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data URL'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The browser's tools. */
export const browserPhotoTools: PhotoTools = {
  validate: (file) => validatePhoto(file),
  crop: cropPhoto,
  readAsUrl: readAsDataUrl,
};

type Phase =
  | { kind: 'checking' }
  | { kind: 'ready'; photo: DecodedPhoto; url: string }
  | { kind: 'failed'; message: string };

/** Props of PhotoUploadDialog. */
export type PhotoUploadDialogProps = {
  userId: string;
  /** The file the person picked. */
  file: File;
  /** Whether a photo is kept already (the button says Save photo, else Add photo). */
  hasPhoto: boolean;
  onClose: () => void;
  /** Called once the server has kept the photo. */
  onSaved: () => void;
  /** Another file was picked in the dialog (after a refusal): it replaces `file`. */
  onPick: (file: File) => void;
  tools?: PhotoTools;
};

/** The words for a failed upload: the server's own when it refused the picture, else the general one. */
function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.problem?.detail) return error.problem.detail;
  return photoMessages.saveFailed;
}

/**
 * 'Upload photo' (docs/product/features.md#profile): the picked file is checked (docs/product/
 * features.md#feature-validation), then cropped with the round cropper and saved. Any failure puts the
 * dialog in its error state, with the message shown and announced, and Save disabled.
 */
export function PhotoUploadDialog({
  userId,
  file,
  hasPhoto,
  onClose,
  onSaved,
  onPick,
  tools = browserPhotoTools,
}: PhotoUploadDialogProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [selection, setSelection] = useState<Selection | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const [checkedFile, setCheckedFile] = useState(file);
  const save = useSavePhoto();
  const { validate, readAsUrl, crop } = tools;
  const inputRef = useRef<HTMLInputElement>(null);
  const limitsId = useId();

  // Another file was picked: it is checked afresh, and nothing of the last one stays.
  if (checkedFile !== file) {
    setCheckedFile(file);
    setPhase({ kind: 'checking' });
    setSelection(null);
    setFailure(null);
    save.reset();
  }

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0] ?? null;
    // Picking the same file again must check it again.
    event.target.value = '';
    if (next) onPick(next);
  };

  useEffect(() => {
    let current = true;
    const check = async (): Promise<Phase> => {
      const result = await validate(file);
      if (!result.ok) return { kind: 'failed', message: result.message };
      try {
        return { kind: 'ready', photo: result.photo, url: await readAsUrl(file) };
      } catch {
        return { kind: 'failed', message: photoMessages.dataFailed };
      }
    };
    void check().then((next) => {
      if (!current) return;
      if (next.kind === 'ready') setSelection(initialSelection(next.photo));
      setPhase(next);
    });
    return () => {
      current = false;
    };
  }, [file, validate, readAsUrl]);

  const message = phase.kind === 'failed' ? phase.message : failure;
  const saving = cropping || save.isPending;

  const onSave = async () => {
    if (phase.kind !== 'ready' || !selection) return;
    setFailure(null);
    setCropping(true);
    let picture: Blob;
    try {
      picture = await crop(phase.photo, selection);
    } catch {
      setFailure(photoMessages.cropFailed);
      return;
    } finally {
      setCropping(false);
    }
    save.mutate(
      { userId, photo: picture },
      {
        onSuccess: (result) => {
          if (result?.photoData) onSaved();
          else setFailure(photoMessages.dataFailed);
        },
        onError: (error) => setFailure(saveFailure(error)),
      },
    );
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Upload photo"
      width={dialogWidths.photoUpload}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button
            onClick={() => void onSave()}
            disabled={phase.kind !== 'ready' || message !== null}
            loading={saving}
            loadingLabel={photoMessages.saving}
          >
            {hasPhoto ? 'Save photo' : 'Add photo'}
          </Button>
        </ButtonGroup>
      }
    >
      <Stack gap={1}>
        <Text as="p" id={limitsId} fontSize="sm" color="muted">
          {photoMessages.limits}
        </Text>
        {message ? (
          <Stack gap={1} alignItems="flex-start">
            <Alert tone="error" title={message} />
            {/* A refusal is no dead end: another file can be picked here (issue 30). */}
            <Button
              variant="secondary"
              aria-describedby={limitsId}
              onClick={() => inputRef.current?.click()}
            >
              {photoMessages.chooseAnother}
            </Button>
          </Stack>
        ) : null}
        <input
          ref={inputRef}
          type="file"
          accept={photoFileAccept}
          hidden
          data-testid="photo-dialog-file-input"
          onChange={onPicked}
        />
        {phase.kind === 'checking' ? <Loading message="Checking the photo" size="sm" /> : null}
        {phase.kind === 'ready' && selection ? (
          <PhotoCropper
            src={phase.url}
            image={phase.photo}
            selection={selection}
            onSelectionChange={setSelection}
            onLoadError={() => setFailure(photoMessages.loadFailed)}
          />
        ) : null}
        <div role="status" aria-live="polite">
          {saving ? <Text as="p">{photoMessages.saving}</Text> : null}
        </div>
      </Stack>
    </Modal>
  );
}
