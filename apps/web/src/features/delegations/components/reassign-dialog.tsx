import { useState } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { delegationMessages, delegationTexts } from '@pca/contracts/delegation-rules.ts';
import type { DelegationListItem } from '@pca/contracts';
import { useDelegationConsent } from '../api/get-delegation-consent.ts';
import { ConsentList } from './consent-list.tsx';
import { ConsentTick } from './consent-tick.tsx';

/** Props of ReassignDialog. */
export type ReassignDialogProps = {
  /** The stopped delegation to re-assign, or null when closed. */
  delegation: DelegationListItem | null;
  /** Called with the consent version once the practitioner consents. */
  onConfirm: (consentVersion: number) => void;
  onClose: () => void;
  /** A re-assignment is in flight. */
  saving: boolean;
};

/**
 * Re-assigning a stopped delegate gives them the delegations again, so the practitioner consents again to
 * the list in force (docs/decisions/020-delegation.md); the specification's row menu has no page for it.
 * The consent is asked afresh each time the dialog opens: its tick belongs to one opening, for one
 * delegate, however the last one ended (re-assigned, refused or cancelled).
 */
export function ReassignDialog(props: ReassignDialogProps) {
  return <ReassignDialogOpening key={props.delegation?.id ?? 'closed'} {...props} />;
}

function ReassignDialogOpening({ delegation, onConfirm, onClose, saving }: ReassignDialogProps) {
  const consent = useDelegationConsent();
  const [ticked, setTicked] = useState(false);
  const [tried, setTried] = useState(false);
  return (
    <Modal
      isOpen={delegation !== null}
      onClose={onClose}
      title={
        delegation ? `Re-assign ${delegation.givenName} ${delegation.familyName}` : 'Re-assign'
      }
      width={600}
      actions={
        <ButtonGroup>
          <Button
            loading={saving}
            disabled={!consent.data}
            onClick={() => {
              setTried(true);
              if (ticked && consent.data) onConfirm(consent.data.version);
            }}
          >
            Re-assign
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <Stack gap={1}>
        <Text as="p">They will be able to act on your behalf again.</Text>
        <ConsentList />
        <ConsentTick
          label={delegationTexts.consentAssign}
          message={delegationMessages.consentAssign}
          checked={ticked}
          onChange={setTicked}
          showError={tried}
        />
      </Stack>
    </Modal>
  );
}
