import { Stack } from '@pca/ui/primitives/stack.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Card } from '@pca/ui/card/card.tsx';
import { CardGrid } from '#lib/card-grid.tsx';
import type { WelcomeCardGroup } from '../welcome-cards.ts';

/** Props of ActionCards. */
export type ActionCardsProps = {
  /** The visible card groups. */
  groups: WelcomeCardGroup[];
  /** Opens the setup-a-site dialogs. */
  onSetupSite: () => void;
};

/** The dashboard's card groups: a heading per group and its cards in a responsive grid. */
export function ActionCards({ groups, onSetupSite }: ActionCardsProps) {
  return (
    <Stack gap={2}>
      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`group-${group.title.replace(/\s/g, '-')}`}>
          <Stack gap={1}>
            <H2 id={`group-${group.title.replace(/\s/g, '-')}`}>{group.title}</H2>
            <CardGrid>
              {group.cards.map((card) =>
                'href' in card ? (
                  <Card key={card.title} as="li" title={card.title} href={card.href}>
                    <Text as="p">{card.description}</Text>
                  </Card>
                ) : (
                  <Card
                    key={card.title}
                    as="li"
                    title={card.title}
                    footer={
                      <Button size="sm" variant="secondary" onClick={onSetupSite}>
                        Set up a site
                      </Button>
                    }
                  >
                    <Text as="p">{card.description}</Text>
                  </Card>
                ),
              )}
            </CardGrid>
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
