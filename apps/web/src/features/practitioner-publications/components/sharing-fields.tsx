import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Checkbox } from '@pca/ui/checkbox/checkbox.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import { Tooltip } from '@pca/ui/tooltip/tooltip.tsx';

/** Props of SharingFields. */
export interface SharingFieldsProps {
  publish: boolean;
  onPublishChange: (publish: boolean) => void;
  sharePersonalContact: boolean;
  onShareChange: (share: boolean) => void;
  /**
   * Whether the partner has asked for personal contact details
   * (docs/product/publishing.md#personal-contact-requests).
   */
  requested: boolean;
  /** False for a delegate without the practitioner's consent to share personal contact details. */
  mayChangeSharing: boolean;
  /** The practitioner's name when a delegate chooses for them: the choices then name them, not "my". */
  onBehalfOf: string | null;
}

/**
 * The two choices of a partner service: publish the practitioner details, and share personal contact details —
 * the latter disabled until the partner asked (docs/product/publishing.md#personal-contact-requests). A disabled
 * checkbox takes no focus, so the tooltip hangs on a button beside it that keyboard users can reach.
 */
export function SharingFields({
  publish,
  onPublishChange,
  sharePersonalContact,
  onShareChange,
  requested,
  mayChangeSharing,
  onBehalfOf,
}: SharingFieldsProps) {
  return (
    <Stack gap={1}>
      <Checkbox checked={publish} onCheckedChange={onPublishChange}>
        {onBehalfOf ? messages.publishLabelManaging(onBehalfOf) : messages.publishLabel}
      </Checkbox>
      <Flex gap={0.5} alignItems="center" flexWrap="wrap">
        <Checkbox
          checked={sharePersonalContact}
          onCheckedChange={onShareChange}
          disabled={!requested || !mayChangeSharing}
        >
          {onBehalfOf ? messages.shareLabelManaging(onBehalfOf) : messages.shareLabel}
        </Checkbox>
        {!requested ? (
          <Tooltip content={messages.requestTooltip}>
            <Button variant="text" size="sm">
              Why can't I share?
            </Button>
          </Tooltip>
        ) : null}
      </Flex>
      {requested && !mayChangeSharing ? (
        <Text as="p" color="muted">
          {messages.consentMissingHint}
        </Text>
      ) : null}
    </Stack>
  );
}
