import { useEffect, useRef } from 'react';
import type { InformationUseStatement } from '@pca/contracts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import { Box } from '@pca/ui/primitives/box.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { CheckboxGroup } from '@pca/ui/checkbox/checkbox.tsx';
import { InformationUseStatementText } from '#lib/publications/information-use-statement.tsx';

/** Props of StatementAcceptance. */
export interface StatementAcceptanceProps {
  partnerName: string;
  /** The partner's latest statement (null: it has none, so it cannot be published to). */
  statement: InformationUseStatement | null;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  /** Shown when Save was pressed to publish without the statement accepted. */
  missing: boolean;
  /** The practitioner's name when a delegate accepts on their behalf. */
  onBehalfOf: string | null;
}

const acceptValue = 'accept';

/**
 * The partner's information use statement and the required tick that accepts it
 * (docs/decisions/081-practitioner-publication-acceptance.md): the request then names the statement shown. The
 * text scrolls in its own region, which takes focus so a keyboard can scroll it.
 */
export function StatementAcceptance({
  partnerName,
  statement,
  accepted,
  onAcceptedChange,
  missing,
  onBehalfOf,
}: StatementAcceptanceProps) {
  // Save without the tick: the error is under the tick, so focus goes there (a screen reader reads both).
  const tickRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (missing) tickRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [missing]);
  if (!statement)
    return (
      <Text as="p" color="muted">
        {messages.noStatement}
      </Text>
    );
  const heading = messages.statementHeading(partnerName);
  return (
    <Stack gap={1}>
      <H2>{heading}</H2>
      <Box
        as="section"
        aria-label={heading}
        tabIndex={0}
        border
        rounded
        padding={1}
        style={{ maxHeight: '16rem', overflowY: 'auto', overflowWrap: 'anywhere' }}
      >
        <InformationUseStatementText statement={statement} />
      </Box>
      <div ref={tickRef}>
        <CheckboxGroup
          label="Information use statement"
          required
          options={[
            {
              value: acceptValue,
              label: onBehalfOf
                ? messages.acceptLabelManaging(partnerName, statement.version, onBehalfOf)
                : messages.acceptLabel(partnerName, statement.version),
            },
          ]}
          value={accepted ? [acceptValue] : []}
          onChange={(value) => onAcceptedChange(value.includes(acceptValue))}
          message={missing ? messages.acceptRequired : undefined}
        />
      </div>
    </Stack>
  );
}
