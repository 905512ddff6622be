import { pages } from '@pca/contracts/pages.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Card } from '@pca/ui/card/card.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { CardGrid } from '#lib/card-grid.tsx';
import { useCapabilities } from '#lib/capabilities.ts';

/**
 * The publishing landing (docs/product/shell.md#publishing): business or practitioner publishing settings,
 * each offered only to whom the menu rules give it (menuVisibility's businessPublishing and
 * practitionerPublishing: practitioner settings only for a practitioner or someone managing one, issue 30).
 */
export function PublishingPage() {
  const access = useCapabilities();
  const menu = access.status === 'ready' ? access.menu : null;
  return (
    <Stack gap={2}>
      <H1>Publishing</H1>
      {!menu ? (
        <Loading message="Loading publishing settings" />
      ) : !menu.businessPublishing && !menu.practitionerPublishing ? (
        <Text as="p">There are no publishing settings for you to manage.</Text>
      ) : (
        <CardGrid>
          {menu.businessPublishing ? (
            <Card
              as="li"
              headingLevel="h2"
              title="Business settings"
              href={pages.publishing.businesses.href()}
            >
              <Text as="p">
                Choose what your businesses, sites and services share with partners.
              </Text>
            </Card>
          ) : null}
          {menu.practitionerPublishing ? (
            <Card
              as="li"
              headingLevel="h2"
              title="Practitioner settings"
              href={pages.publishing.practitioner.href()}
            >
              <Text as="p">Choose what is published about you to partner services.</Text>
            </Card>
          ) : null}
        </CardGrid>
      )}
    </Stack>
  );
}

export { PublishingPage as Component };
