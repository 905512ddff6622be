import { pages } from '@pca/contracts/pages.ts';
import { useId, useState } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { SearchInput } from '@pca/ui/primitives/search-input.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { usePublishEntities } from '../api/get-publish-entities.ts';
import { entityGroups } from '../entity-options.ts';

/** The publish entity selector (docs/product/features.md#publish-selector): choose where to manage publications. */
export function PublishSelectorPage() {
  const entities = usePublishEntities();
  const [filter, setFilter] = useState('');
  const resultsId = useId();
  const groups = entities.data ? entityGroups(entities.data, filter) : [];
  const total = groups.reduce((n, g) => n + g.options.length, 0);

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Publishing my businesses</H1>
        <Text as="p" fontSize="md">
          Select where to manage publications for
        </Text>
      </Stack>
      <QueryView
        query={entities}
        loading={<Loading message="Loading your businesses" />}
        thing="publishing for your businesses"
        logMessage="Publish entities failed to load"
      >
        {() => (
          <Stack gap={1.5}>
            <SearchInput
              label="Search healthcare services, organisations and locations"
              value={filter}
              onChange={setFilter}
              maxWidth="xl"
              aria-controls={resultsId}
            />
            <div id={resultsId} role="region" aria-live="polite" aria-label="Matching entities">
              {total === 0 ? (
                <Text as="p">No matching healthcare services, organisations or locations.</Text>
              ) : (
                <Stack gap={1.5}>
                  {groups.map((group) => (
                    <Stack key={group.title} gap={0.5}>
                      <H2>{group.title}</H2>
                      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
                        {group.options.map((option) => (
                          <li key={option.id} style={{ padding: '0.25rem 0' }}>
                            <TextLink href={option.href}>{option.label}</TextLink>
                            {option.context ? (
                              <Text color="muted" fontSize="sm">{` — ${option.context}`}</Text>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </Stack>
                  ))}
                </Stack>
              )}
            </div>
          </Stack>
        )}
      </QueryView>
      <div>
        <ButtonLink variant="secondary" href={pages.welcome.dashboard.href()}>
          Cancel
        </ButtonLink>
      </div>
    </Stack>
  );
}

export { PublishSelectorPage as Component };
