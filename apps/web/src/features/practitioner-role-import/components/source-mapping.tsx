import type { ImportMapping, ImportSource, ImportTargetService } from '@pca/contracts';
import { practitionerRoleImportMessages as messages } from '@pca/contracts/practitioner-role-import-paths.ts';
import { SelectField } from '@pca/ui/input-fields/text-field.tsx';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';

const matchedWords = {
  identifier: 'Matched by its identifier',
  'name-and-address': 'Matched by its name and address',
  location: 'Matched by its location',
} as const;

/** Props of SourceMapping. */
export type SourceMappingProps = {
  sources: ImportSource[];
  services: ImportTargetService[];
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
  idPrefix: string;
};

/**
 * Where the clinical system's services (or locations) go: one drop-down each of the organisation's healthcare
 * services, set to the match found; one left unmatched says so, and its roles are unmatched until a service is
 * chosen.
 */
export function SourceMapping({
  sources,
  services,
  mapping,
  onMappingChange,
  idPrefix,
}: SourceMappingProps) {
  if (sources.length === 0) return null;
  const options = services.map((s) => ({
    value: s.id,
    label: s.locationName ? `${s.name} (${s.locationName})` : s.name,
  }));
  return (
    <Stack gap={1}>
      <H2>Match the clinical system’s services</H2>
      <Text as="p">
        Each role goes to one of your healthcare services. Check the matches found, and choose a
        service for any that were not matched.
      </Text>
      {sources.map((source, index) => {
        const value = mapping[source.key] ?? '';
        const hint = [
          source.kind === 'location' ? 'A location in the clinical system' : null,
          source.address,
          value && source.matchedBy && value === source.suggestedServiceId
            ? matchedWords[source.matchedBy]
            : null,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <SelectField
            key={source.key}
            id={`${idPrefix}-${index}`}
            label={source.name}
            hint={hint || undefined}
            options={options}
            placeholder="Not matched: its roles are not imported"
            value={value}
            message={value ? undefined : messages.notMapped}
            onValueChange={(id) => onMappingChange({ ...mapping, [source.key]: id })}
            maxWidth="xl"
            hideOptionalLabel
          />
        );
      })}
    </Stack>
  );
}
