import type { InformationUseStatement } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { RichText } from '#lib/rich-text.tsx';

/**
 * A partner's information use statement as a person reads it before accepting it: its version and its text.
 * The Partner services tab's dialog (docs/decisions/030-publishing-to-partners.md) and the practitioner's
 * publication pages (docs/decisions/081-practitioner-publication-acceptance.md) show it the same way.
 */
export function InformationUseStatementText({ statement }: { statement: InformationUseStatement }) {
  return (
    <Stack gap={1}>
      <Text as="p" color="muted">
        Version {statement.version}
      </Text>
      {/* The statement is rich text the server sanitised (docs/decisions/064-partner-services.md). */}
      <RichText html={statement.content} />
    </Stack>
  );
}
