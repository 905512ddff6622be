import { useId } from 'react';
import type { NhsdAppliesTo, NhsdService } from '@pca/contracts';
import { nhsdMessages } from '@pca/contracts/nhsd-import-paths.ts';
import { Checkbox } from '@pca/ui/checkbox/checkbox.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Box } from '@pca/ui/primitives/box.ts';
import { H3 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableWrapper,
} from '@pca/ui/primitives/table.ts';

/** 'Imported' or 'Not yet'. */
function ImportedChip({ service }: { service: NhsdService }) {
  return service.identifierAlreadyInUse ? (
    <Chip tone="success">{nhsdMessages.importedChip}</Chip>
  ) : (
    <Chip tone="neutral">{nhsdMessages.notImportedChip}</Chip>
  );
}

/** Props of ServicesTable. */
export type ServicesTableProps = {
  /** The business type searched: si shows the address, home and virtual the practice or business name. */
  appliesTo: NhsdAppliesTo;
  /** The services listed (null until step 2 is complete). */
  services: NhsdService[] | null;
  selected: readonly string[];
  onSelectionChange: (selected: string[]) => void;
};

/**
 * Step 3, the services to import (docs/product/features.md#nhsd-import): select-all, then one row per service with
 * its first service type, its address (si) or practice or business name, and whether it has been imported. A
 * service whose identifier is in use has no checkbox.
 */
export function ServicesTable({
  appliesTo,
  services,
  selected,
  onSelectionChange,
}: ServicesTableProps) {
  const headingId = useId();
  if (!services) return <Text as="p">{nhsdMessages.completeStep2}</Text>;
  const selectable = services.filter((s) => !s.identifierAlreadyInUse);
  const chosen = new Set(selected);
  const chosenCount = selectable.filter((s) => chosen.has(s.nhsdResourceIdentifier)).length;
  const all = selectable.length > 0 && chosenCount === selectable.length;
  const physical = appliesTo === 'si';
  const heading = nhsdMessages.showingResults(services.length);
  const toggle = (id: string, on: boolean) =>
    onSelectionChange(on ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <Stack gap={1}>
      <H3 id={headingId}>{heading}</H3>
      <TableWrapper>
        <Table striped aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableHeader scope="col" width="3.5rem">
                <Checkbox
                  size="sm"
                  checked={all}
                  indeterminate={chosenCount > 0 && !all}
                  disabled={selectable.length === 0}
                  onCheckedChange={(on) =>
                    onSelectionChange(on ? selectable.map((s) => s.nhsdResourceIdentifier) : [])
                  }
                >
                  <VisuallyHidden>Select all services</VisuallyHidden>
                </Checkbox>
              </TableHeader>
              <TableHeader scope="col">Service type</TableHeader>
              {/* Each service names its practice (issue 30), beside its address for a physical one. */}
              <TableHeader scope="col">Practice or business name</TableHeader>
              {physical ? (
                <TableHeader scope="col" display={{ xs: 'none', sm: 'table-cell' }}>
                  Address
                </TableHeader>
              ) : null}
              <TableHeader scope="col" display={{ xs: 'none', sm: 'table-cell' }}>
                Imported
              </TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {services.map((s) => (
              <TableRow
                key={s.nhsdResourceIdentifier}
                selected={chosen.has(s.nhsdResourceIdentifier)}
              >
                <TableCell>
                  {s.identifierAlreadyInUse ? null : (
                    <Checkbox
                      size="sm"
                      checked={chosen.has(s.nhsdResourceIdentifier)}
                      onCheckedChange={(on) => toggle(s.nhsdResourceIdentifier, on)}
                    >
                      <VisuallyHidden>{`Select ${s.name}, ${s.organisationName}`}</VisuallyHidden>
                    </Checkbox>
                  )}
                </TableCell>
                <TableCell>
                  {s.serviceTypes[0] ?? ''}
                  {/* On a phone the chip sits under the type rather than in a column of its own. */}
                  <Box display={{ xs: 'block', sm: 'none' }} paddingTop={0.25}>
                    <ImportedChip service={s} />
                  </Box>
                </TableCell>
                <TableCell>
                  <span style={{ overflowWrap: 'anywhere' }}>{s.organisationName}</span>
                  {/* On a phone the address sits under the practice rather than in a column of its own. */}
                  {physical ? (
                    <Box display={{ xs: 'block', sm: 'none' }} paddingTop={0.25}>
                      <Text fontSize="sm" style={{ overflowWrap: 'anywhere' }}>
                        {s.addressText}
                      </Text>
                    </Box>
                  ) : null}
                </TableCell>
                {physical ? (
                  <TableCell display={{ xs: 'none', sm: 'table-cell' }}>
                    <span style={{ overflowWrap: 'anywhere' }}>{s.addressText}</span>
                  </TableCell>
                ) : null}
                <TableCell display={{ xs: 'none', sm: 'table-cell' }}>
                  <ImportedChip service={s} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableWrapper>
    </Stack>
  );
}
