import { Stack } from '@ag.ds-next/react/stack';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import { Card } from '@pca/ui/card/card.tsx';

/** The publishing landing (spec 1 §2.6): business or practitioner publishing settings. */
export function PublishingPage() {
  return (
    <Stack gap={2}>
      <H1>Publishing</H1>
      <ul
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: '1.5rem',
          gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
        }}
      >
        <Card as="li" headingLevel="h2" title="Business settings" href="/publish-selector">
          <Text as="p">Choose what your businesses, sites and services share with partners.</Text>
        </Card>
        <Card as="li" headingLevel="h2" title="Practitioner settings" href="/practitioner/publish">
          <Text as="p">Choose what is published about you to partner services.</Text>
        </Card>
      </ul>
    </Stack>
  );
}

export { PublishingPage as Component };
