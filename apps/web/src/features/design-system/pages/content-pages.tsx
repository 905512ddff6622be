import { useState } from 'react';
import { Stack } from '@ag.ds-next/react/stack';
import { Flex } from '@ag.ds-next/react/flex';
import { Columns } from '@ag.ds-next/react/columns';
import {
  Accordion,
  Alert,
  Avatar,
  avatarSizes,
  Breadcrumbs,
  Button,
  ButtonGroup,
  ButtonLink,
  CalloutBox,
  Card,
  Chip,
  ChipList,
  colourSets,
  Divider,
  ExpandingHelp,
  Loading,
  Text,
  type Tone,
} from '@pca/ui';
import { GalleryPage, Demo } from '../gallery-page.tsx';

/** Accordion demo. */
export function AccordionPage() {
  return (
    <GalleryPage
      name="Accordion"
      introduction="Stacked sections that expand and collapse. Use Enter or Space on a section title."
    >
      <Demo title="Closed and initially open sections">
        <Accordion
          sections={[
            {
              title: 'What is Provider Connect Australia?',
              content: <Text as="p">A single place to keep your practice details up to date.</Text>,
            },
            {
              title: 'Who can use it?',
              content: (
                <Text as="p">Practitioners, their delegates and organisation managers.</Text>
              ),
              initiallyOpen: true,
            },
            {
              title: 'How is my information shared?',
              content: <Text as="p">Only with partners you choose to publish to.</Text>,
            },
          ]}
        />
      </Demo>
    </GalleryPage>
  );
}

const alertTones: Tone[] = [...colourSets, 'info'];

/** Alerts demo: every colour set, dismissible. */
export function AlertsPage() {
  const [dismissed, setDismissed] = useState<Tone[]>([]);
  return (
    <GalleryPage
      name="Alerts"
      introduction="Alerts in the colour sets neutral, secondary, tertiary, warning, success and error, plus info."
    >
      <Demo title="Colour sets">
        <Stack gap={1}>
          {alertTones.map((tone) => (
            <Alert key={tone} tone={tone} title={`This is a ${tone} alert`}>
              <Text as="p">Sample description for the {tone} colour set.</Text>
            </Alert>
          ))}
        </Stack>
      </Demo>
      <Demo title="Dismissible">
        <Stack gap={1}>
          {alertTones
            .filter((tone) => !dismissed.includes(tone))
            .map((tone) => (
              <Alert
                key={tone}
                tone={tone}
                title={`Dismissible ${tone} alert`}
                onClose={() => setDismissed((d) => [...d, tone])}
              />
            ))}
          {dismissed.length > 0 ? (
            <div>
              <Button variant="secondary" onClick={() => setDismissed([])}>
                Show dismissed alerts again
              </Button>
            </div>
          ) : null}
        </Stack>
      </Demo>
    </GalleryPage>
  );
}

const people = [
  { givenName: 'Amelia', familyName: 'Nguyen' },
  { givenName: 'Oliver', familyName: 'Smith' },
  { givenName: null, familyName: 'Papadopoulos' },
];

/** A neutral grey silhouette, so the photo demo needs no external image. */
const samplePhoto =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#cfd8e3"/><circle cx="32" cy="24" r="12" fill="#6b7a8f"/><rect x="12" y="40" width="40" height="24" rx="12" fill="#6b7a8f"/></svg>',
  );

/** Avatar demo: sizes xs to xl, initials balls and a photo. */
export function AvatarPage() {
  return (
    <GalleryPage
      name="Avatar"
      introduction="A person's photo, or a ball with their initials (first letter of the given name and of the family name)."
    >
      <Demo title="Sizes">
        <Flex
          as="ul"
          gap={1.5}
          alignItems="flex-end"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {avatarSizes.map((size) => (
            <li key={size}>
              <Stack gap={0.5} alignItems="center">
                <Avatar givenName="Amelia" familyName="Nguyen" size={size} />
                <Text fontSize="sm">{size}</Text>
              </Stack>
            </li>
          ))}
        </Flex>
      </Demo>
      <Demo title="Initials balls">
        <Flex gap={1}>
          {people.map((p) => (
            <Avatar
              key={p.familyName}
              givenName={p.givenName}
              familyName={p.familyName}
              size="lg"
            />
          ))}
        </Flex>
      </Demo>
      <Demo title="Photo">
        <Flex gap={1} alignItems="flex-end">
          {avatarSizes.map((size) => (
            <Avatar
              key={size}
              givenName="Oliver"
              familyName="Smith"
              photo={samplePhoto}
              size={size}
            />
          ))}
        </Flex>
      </Demo>
    </GalleryPage>
  );
}

/** Breadcrumbs demo. */
export function BreadcrumbsPage() {
  return (
    <GalleryPage name="Breadcrumbs" introduction="Where the current page sits in the portal.">
      <Demo title="Three levels">
        <Breadcrumbs
          links={[
            { label: 'Home', href: '/design-system/home' },
            { label: 'Delegates', href: '/design-system/breadcrumbs' },
            { label: 'Assign a delegate' },
          ]}
        />
      </Demo>
    </GalleryPage>
  );
}

/** Buttons demo: variants, sizes, states, and the loading indicator. */
export function ButtonsPage() {
  const [count, setCount] = useState(0);
  return (
    <GalleryPage
      name="Buttons"
      introduction="Buttons for actions, and links styled as buttons for navigation."
    >
      <Demo title="Variants">
        <ButtonGroup>
          <Button onClick={() => setCount((c) => c + 1)}>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="tertiary">Tertiary</Button>
          <Button variant="text">Text</Button>
        </ButtonGroup>
        <Text as="p" aria-live="polite">{`Primary pressed ${count} times`}</Text>
      </Demo>
      <Demo title="Sizes">
        <ButtonGroup>
          <Button size="sm">Small</Button>
          <Button size="md">Medium</Button>
        </ButtonGroup>
      </Demo>
      <Demo title="States">
        <ButtonGroup>
          <Button disabled>Disabled</Button>
          <Button loading loadingLabel="Saving">
            Save
          </Button>
          <ButtonLink href="/design-system/home" variant="secondary">
            Link as button
          </ButtonLink>
        </ButtonGroup>
      </Demo>
      <Demo title="Loading with a message">
        <Loading message="Loading practitioners" />
      </Demo>
    </GalleryPage>
  );
}

/** Callout box demo. */
export function CalloutBoxPage() {
  return (
    <GalleryPage name="Callout box" introduction="Draws attention to related content.">
      <Demo title="Tones and variants">
        <Stack gap={1}>
          <CalloutBox title="Before you start">
            You will need your HPI-I and AHPRA registration number.
          </CalloutBox>
          <CalloutBox tone="info" title="Did you know?">
            Delegates can keep your profile up to date for you.
          </CalloutBox>
          <CalloutBox variant="compact" title="Compact">
            Less padding for tight spaces.
          </CalloutBox>
        </Stack>
      </Demo>
    </GalleryPage>
  );
}

/** Card demo: default, outlined, selected, clickable. */
export function CardPage() {
  return (
    <GalleryPage
      name="Card"
      introduction="Cards group related content. The selected card has a thicker border."
    >
      <Demo title="Variants">
        <Columns as="ul" cols={{ xs: 1, md: 2 }} gap={1.5}>
          <Card as="li" title="Default card">
            <Text>With a shadow.</Text>
          </Card>
          <Card as="li" title="Outlined card" variant="outlined">
            <Text>A thin border.</Text>
          </Card>
          <Card as="li" title="Selected card" variant="selected">
            <Text>A thicker border shows it is selected.</Text>
          </Card>
          <Card
            as="li"
            title="Clickable card"
            href="/design-system/card"
            footer={<Text fontSize="sm">Updated 21 November 2026</Text>}
          >
            <Text>The whole card is a link.</Text>
          </Card>
        </Columns>
      </Demo>
    </GalleryPage>
  );
}

/** Chips demo: colour sets and removable chips. */
export function ChipsPage() {
  const [chips, setChips] = useState(['Cardiology', 'General practice', 'Telehealth']);
  return (
    <GalleryPage
      name="Chips"
      introduction="Small labels in the colour sets neutral, secondary, tertiary, warning, success and error."
    >
      <Demo title="Colour sets">
        <ChipList label="Colour sets">
          {colourSets.map((tone) => (
            <Chip key={tone} tone={tone}>
              {tone}
            </Chip>
          ))}
        </ChipList>
      </Demo>
      <Demo title="Removable">
        <ChipList label="Specialties">
          {chips.map((chip) => (
            <Chip
              key={chip}
              tone="tertiary"
              onRemove={() => setChips((c) => c.filter((x) => x !== chip))}
            >
              {chip}
            </Chip>
          ))}
        </ChipList>
      </Demo>
    </GalleryPage>
  );
}

/** Divider demo. */
export function DividerPage() {
  return (
    <GalleryPage name="Divider" introduction="Separates groups of content.">
      <Demo title="Plain and with text">
        <Stack gap={1}>
          <Text as="p">Above the divider.</Text>
          <Divider />
          <Text as="p">Below the divider.</Text>
          <Divider text="or" />
          <Text as="p">After a divider with text.</Text>
        </Stack>
      </Demo>
    </GalleryPage>
  );
}

/** Expanding help demo. */
export function ExpandingHelpPage() {
  return (
    <GalleryPage
      name="Expanding help"
      introduction="Help that stays out of the way until asked for."
    >
      <Demo title="Collapsed help">
        <ExpandingHelp label="What is an HPI-I?">
          <Text as="p">
            A Healthcare Provider Identifier – Individual is a 16-digit number that identifies you
            as a healthcare provider.
          </Text>
        </ExpandingHelp>
      </Demo>
    </GalleryPage>
  );
}
