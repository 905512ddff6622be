import { useId, useRef, useState } from 'react';
import { Alert, Button, TextField } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { partnerServiceMessages as m, type PartnerServiceDetail } from '@pca/contracts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { useSetLogo } from '../api/partner-services.ts';

/** The file's bytes in base64 (what the API takes; the server checks and re-encodes them). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The partner's logo: a PNG or JPEG, checked and re-encoded by the server as a profile photo is. */
export function LogoForm({ partner }: { partner: PartnerServiceDetail }) {
  const setLogo = useSetLogo(partner.id);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState(partner.logoDescription || `${partner.name} logo`);
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap={1.5}>
      <H2>Logo</H2>
      {partner.logo ? (
        <img
          src={partner.logo}
          alt={partner.logoDescription}
          width={80}
          height={80}
          style={{ borderRadius: 4 }}
        />
      ) : (
        <Text as="p">There is no logo yet.</Text>
      )}
      {saved ? (
        <Alert tone="success" title={m.logoSaved} onClose={() => setSaved(false)} focusable />
      ) : null}
      {setLogo.error ? (
        <ApiErrorAlert error={setLogo.error} thing="the logo" action="save" />
      ) : null}
      <form
        noValidate
        aria-label="Replace the logo"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) return;
          setSaved(false);
          void base64Of(file)
            .then((data) => setLogo.mutateAsync({ data, description }))
            .then(() => setSaved(true))
            .catch(() => undefined);
        }}
      >
        <Stack gap={1}>
          <Stack gap={0.5}>
            <Text as="p" id={`${id}-hint`}>
              A PNG or JPEG of at most 5 MB, at least 48 pixels a side. It is checked and stored as
              a 160 pixel square.
            </Text>
            <div>
              <Button
                variant="secondary"
                aria-describedby={`${id}-hint`}
                onClick={() => inputRef.current?.click()}
              >
                Choose an image
              </Button>
            </div>
            <input
              ref={inputRef}
              type="file"
              accept="image/png,image/jpeg"
              hidden
              aria-label="Logo image"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Text as="p" color="muted" role="status">
              {file ? `Chosen: ${file.name}` : 'No image chosen'}
            </Text>
          </Stack>
          <TextField
            label="Description of the logo"
            required
            hint="What the logo shows, read out to people who cannot see it"
            value={description}
            onValueChange={setDescription}
            maxLength={200}
          />
          <div>
            <Button type="submit" variant="secondary" disabled={!file} loading={setLogo.isPending}>
              Upload logo
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
