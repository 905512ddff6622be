import { pages } from '@pca/contracts/pages.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Card } from '@pca/ui/card/card.tsx';
import { CardGrid } from '#lib/card-grid.tsx';

/** The publishing landing (docs/product/shell.md#publishing): business or practitioner publishing settings. */
export function PublishingPage() {
  return (
    <Stack gap={2}>
      <H1>Publishing</H1>
      <CardGrid>
        <Card
          as="li"
          headingLevel="h2"
          title="Business settings"
          href={pages.publishing.businesses.href()}
        >
          <Text as="p">Choose what your businesses, sites and services share with partners.</Text>
        </Card>
        <Card
          as="li"
          headingLevel="h2"
          title="Practitioner settings"
          href={pages.publishing.practitioner.href()}
        >
          <Text as="p">Choose what is published about you to partner services.</Text>
        </Card>
      </CardGrid>
    </Stack>
  );
}

export { PublishingPage as Component };
