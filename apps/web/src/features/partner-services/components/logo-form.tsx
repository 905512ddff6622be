import { useId, useState } from 'react';
import { Alert, Button } from '@pca/ui';
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
          <div>
            <label htmlFor={`${id}-file`} style={{ display: 'block', fontWeight: 700 }}>
              Logo image
            </label>
            <Text as="p" color="muted" id={`${id}-hint`}>
              A PNG or JPEG of at most 5 MB, at least 48 pixels a side.
            </Text>
            <input
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg"
              aria-describedby={`${id}-hint`}
              style={{ maxWidth: '100%' }}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-description`} style={{ display: 'block', fontWeight: 700 }}>
              Description of the logo
            </label>
            <input
              id={`${id}-description`}
              type="text"
              value={description}
              maxLength={200}
              style={{ maxWidth: '100%', width: '24rem', padding: '0.5rem' }}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
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
