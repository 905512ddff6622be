import { pages, organisationHref } from '@pca/contracts/pages.ts';
import { useId, useState, type ChangeEvent } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Radio } from '@pca/ui/primitives/radio.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { boxPalette } from '@pca/ui/primitives/core.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { SetupHelper } from '@pca/ui/setup-helper/setup-helper-tile.tsx';
import {
  dialogWidths,
  type SetupHelperOrigin,
  type SetupStepKey,
  type SiteOrganisation,
} from '@pca/contracts';
import { useSetupHelper } from '../api/get-setup-helper.ts';

/** Props of SetupSite. */
export type SetupSiteProps = {
  /** The organisations the user may set up a site for (at least one). */
  organisations: SiteOrganisation[];
  /** The tab the helper was opened from. */
  origin: SetupHelperOrigin;
  /** Called when the dialogs close. */
  onClose: () => void;
};

/** Setting up a site (docs/product/shell.md#welcome): choose the parent business when there are several, then the helper. */
export function SetupSite({ organisations, origin, onClose }: SetupSiteProps) {
  const only = organisations.length === 1 ? organisations[0]!.id : null;
  const [chosen, setChosen] = useState<string | null>(only);
  return chosen ? (
    <SetupHelperDialog organisationId={chosen} origin={origin} onClose={onClose} />
  ) : (
    <ParentBusinessDialog organisations={organisations} onNext={setChosen} onClose={onClose} />
  );
}

/** The parent-business dialog (700 px): a required choice; Next stays disabled until one is chosen. */
export function ParentBusinessDialog({
  organisations,
  onNext,
  onClose,
}: {
  organisations: SiteOrganisation[];
  onNext: (organisationId: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const legendId = useId();
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Which parent business do you want to set up a site for?"
      width={dialogWidths.parentBusiness}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button disabled={value === null} onClick={() => value && onNext(value)}>
            Next
          </Button>
          <Button variant="tertiary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-labelledby={legendId}>
        <Stack gap={0.75}>
          <Text as="p" id={legendId} fontWeight="bold">
            Parent business{' '}
            <span aria-hidden="true" style={{ color: boxPalette.systemError }}>
              *
            </span>
            <VisuallyHidden> (required)</VisuallyHidden>
          </Text>
          {organisations.map((o) => (
            <Radio
              key={o.id}
              name="parent-business"
              value={o.id}
              required
              checked={value === o.id}
              onChange={(event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value)}
            >
              {o.businessName ?? o.name}
            </Radio>
          ))}
        </Stack>
      </fieldset>
    </Modal>
  );
}

const stepText: Record<SetupStepKey, { title: string; description: string }> = {
  location: { title: 'Add a location', description: 'Where the site delivers its services.' },
  healthcareService: {
    title: 'Add a healthcare service',
    description: 'The services offered at the location.',
  },
  practitioners: {
    title: 'Add practitioners',
    description: 'The practitioners who work in those services.',
  },
  publishing: {
    title: 'Set up publishing',
    description: 'Choose the partner services that receive the site’s information.',
  },
};

/** Where each step is done, carrying the origin tab so the step can return there. */
function stepHref(key: SetupStepKey, organisationId: string, origin: SetupHelperOrigin) {
  const org = (tab: string) =>
    organisationHref('ParticipatingOrganisation', organisationId, { tab, from: origin });
  switch (key) {
    case 'location':
      return org('Locations');
    case 'healthcareService':
      return org('Healthcare services');
    case 'practitioners':
      return pages.practitioners.addRole.href({ organisationId, from: origin });
    case 'publishing':
      return org('Partner services');
  }
}

/** The setup helper (600 px): the four steps as tiles whose states come from the organisation's data. */
export function SetupHelperDialog({
  organisationId,
  origin,
  onClose,
}: {
  organisationId: string;
  origin: SetupHelperOrigin;
  onClose: () => void;
}) {
  const status = useSetupHelper(organisationId);
  const name = status.data
    ? (status.data.organisation.businessName ?? status.data.organisation.name)
    : null;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Set up a site"
      width={dialogWidths.setupHelper}
      dismissOnClickOutside={false}
    >
      {status.isPending ? (
        <Loading message="Loading the setup steps" />
      ) : status.isError ? (
        <Alert tone="error" title="The setup steps could not be loaded">
          <Button variant="secondary" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap={1}>
          <Text as="p">Follow these steps to set up a site for {name}.</Text>
          <SetupHelper
            label={`Steps to set up a site for ${name}`}
            tiles={status.data.steps.map((step) => ({
              ...stepText[step.key],
              state: step.state,
              href: stepHref(step.key, organisationId, origin),
            }))}
          />
        </Stack>
      )}
    </Modal>
  );
}
