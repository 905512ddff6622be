import type { FormEvent, ReactNode } from 'react';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import { pages } from '@pca/contracts/pages.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Button, ButtonGroup, ButtonLink } from '@pca/ui/button/button.tsx';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';

/** Props of PublicationFormLayout. */
export interface PublicationFormLayoutProps {
  children: ReactNode;
  onSubmit: () => void;
  saving: boolean;
  /** The failed save, shown above the buttons with the server's detail. */
  error: unknown;
  /** Extra actions after Save and Cancel (Edit's Remove). */
  extra?: ReactNode;
}

/**
 * The form of Add and Edit: fields, the save error, Save and Cancel (back to the list). The page's h1 is the
 * page's own, above whatever state it is in (the skip link moves focus to it, docs/product/shell.md#layout).
 */
export function PublicationFormLayout({
  children,
  onSubmit,
  saving,
  error,
  extra,
}: PublicationFormLayoutProps) {
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={2}>
        {children}
        {error ? (
          <ApiErrorAlert
            error={error}
            thing="your publishing settings"
            action="save"
            askWhom="the practitioner you manage"
          />
        ) : null}
        <ButtonGroup>
          <Button type="submit" loading={saving}>
            {messages.save}
          </Button>
          <ButtonLink variant="tertiary" href={pages.publishing.practitioner.href()}>
            {messages.cancel}
          </ButtonLink>
          {extra}
        </ButtonGroup>
      </Stack>
    </form>
  );
}
