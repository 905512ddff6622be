import { Stack } from '@ag.ds-next/react/stack';
import {
  Button,
  DataTable,
  H3,
  Prose,
  SetupHelper,
  SetupHelperTile,
  Tabs,
  Text,
  TextLink,
  Tooltip,
  setupHelperStates,
  type DataTableColumn,
} from '@pca/ui';
import { GalleryPage, Demo } from '../gallery-page.tsx';

/** A row of the opening-hours demo table. */
type OpeningHours = {
  id: string;
  day: string;
  isAllDay: boolean;
  operatingTimeStart: string | null;
  operatingTimeEnd: string | null;
};

/** Sample opening hours (demo data only). */
const openingHours: OpeningHours[] = [
  {
    id: 'mon',
    day: 'Monday',
    isAllDay: false,
    operatingTimeStart: '08:00',
    operatingTimeEnd: '17:00',
  },
  {
    id: 'tue',
    day: 'Tuesday',
    isAllDay: false,
    operatingTimeStart: '08:30',
    operatingTimeEnd: '17:30',
  },
  { id: 'wed', day: 'Wednesday', isAllDay: true, operatingTimeStart: null, operatingTimeEnd: null },
  {
    id: 'thu',
    day: 'Thursday',
    isAllDay: false,
    operatingTimeStart: '09:00',
    operatingTimeEnd: '19:00',
  },
  {
    id: 'fri',
    day: 'Friday',
    isAllDay: false,
    operatingTimeStart: '07:30',
    operatingTimeEnd: '16:00',
  },
  {
    id: 'sat',
    day: 'Saturday',
    isAllDay: false,
    operatingTimeStart: '09:00',
    operatingTimeEnd: '12:00',
  },
  { id: 'sun', day: 'Sunday', isAllDay: true, operatingTimeStart: null, operatingTimeEnd: null },
  {
    id: 'ph',
    day: 'Public holidays',
    isAllDay: false,
    operatingTimeStart: '10:00',
    operatingTimeEnd: '14:00',
  },
];

const columns: DataTableColumn<OpeningHours>[] = [
  { key: 'day', header: 'Day', render: (r) => r.day, sortValue: (r) => r.day },
  {
    key: 'isAllDay',
    header: 'Open all day',
    render: (r) => (r.isAllDay ? 'Yes' : 'No'),
    sortValue: (r) => r.isAllDay,
  },
  {
    key: 'start',
    header: 'Opens',
    render: (r) => r.operatingTimeStart ?? '–',
    sortValue: (r) => r.operatingTimeStart,
  },
  {
    key: 'end',
    header: 'Closes',
    render: (r) => r.operatingTimeEnd ?? '–',
    sortValue: (r) => r.operatingTimeEnd,
  },
];

/** Tables demo: sortable, paginated, page size 5. */
export function TablesPage() {
  return (
    <GalleryPage
      name="Tables"
      introduction="Sortable, paginated tables. Select a column heading to sort by it."
    >
      <Demo title="Opening hours (page size 5)">
        <DataTable
          caption="Opening hours"
          columns={columns}
          rows={openingHours}
          rowKey={(r) => r.id}
          pageSize={5}
        />
      </Demo>
      <Demo title="Empty">
        <DataTable
          caption="Closures"
          columns={columns}
          rows={[]}
          rowKey={(r) => r.id}
          emptyText="No closures recorded"
        />
      </Demo>
    </GalleryPage>
  );
}

/** Setup-helper demo: the five tile states. */
export function SetupHelperPage() {
  return (
    <GalleryPage
      name="Setup helper"
      introduction="Tiles guide a new user through setting up their account."
    >
      <Demo title="Tile states">
        <SetupHelper
          label="Set up your account"
          tiles={[
            {
              title: 'Confirm your email',
              description: 'State: complete',
              state: 'complete',
              href: '/design-system/setup-helper',
            },
            {
              title: 'Add your HPI-I',
              description: 'State: partial',
              state: 'partial',
              href: '/design-system/setup-helper',
            },
            {
              title: 'Add your photo',
              description: 'State: incomplete',
              state: 'incomplete',
              href: '/design-system/setup-helper',
            },
            {
              title: 'Invite a delegate',
              description: 'State: default',
              state: 'default',
              href: '/design-system/setup-helper',
            },
            { title: 'Publish your details', description: 'State: inactive', state: 'inactive' },
          ]}
        />
      </Demo>
      <Demo title="Single tiles">
        <Stack gap={1}>
          {setupHelperStates.map((state) => (
            <SetupHelperTile
              key={state}
              title={`Tile in the ${state} state`}
              state={state}
              href={state === 'inactive' ? undefined : '/design-system/setup-helper'}
            />
          ))}
        </Stack>
      </Demo>
    </GalleryPage>
  );
}

/** Tabs demo. */
export function TabsPage() {
  return (
    <GalleryPage
      name="Tabs"
      introduction="Arrow keys move between tabs; Enter or Space selects one."
    >
      <Demo title="Contained tabs">
        <Tabs
          items={[
            { label: 'Tasks', content: <Text as="p">You have 2 tasks to complete.</Text> },
            { label: 'Notifications', content: <Text as="p">You have no new notifications.</Text> },
            { label: 'Archive', content: <Text as="p">Archived items appear here.</Text> },
          ]}
        />
      </Demo>
      <Demo title="Uncontained tabs">
        <Tabs
          contained={false}
          items={[
            { label: 'Details', content: <Text as="p">Practitioner details.</Text> },
            { label: 'Workplaces', content: <Text as="p">Where they practise.</Text> },
          ]}
        />
      </Demo>
    </GalleryPage>
  );
}

/** Tooltips demo. */
export function TooltipsPage() {
  return (
    <GalleryPage
      name="Tooltips"
      introduction="Shown on hover and keyboard focus; Escape hides them."
    >
      <Demo title="On a button">
        <div>
          <Tooltip content="Healthcare Provider Identifier – Individual">
            <Button variant="secondary">HPI-I</Button>
          </Tooltip>
        </div>
      </Demo>
      <Demo title="Placements">
        <Stack gap={1} alignItems="flex-start">
          <Tooltip content="Shown below" placement="bottom">
            <Button variant="tertiary">Bottom</Button>
          </Tooltip>
          <Tooltip content="Shown on the right" placement="right">
            <Button variant="tertiary">Right</Button>
          </Tooltip>
        </Stack>
      </Demo>
    </GalleryPage>
  );
}

/** Typography demo. */
export function TypographyPage() {
  return (
    <GalleryPage
      name="Typography"
      introduction="Headings, body text, links and long-form prose from AgDS."
    >
      <Demo title="Headings">
        <Stack gap={1}>
          <H3>Level three heading</H3>
          <Text as="p">
            Headings follow the page outline: one level one per page, then two, three and so on.
          </Text>
        </Stack>
      </Demo>
      <Demo title="Text">
        <Stack gap={0.5}>
          <Text as="p" fontSize="lg">
            Large text for introductions.
          </Text>
          <Text as="p">Body text for most content.</Text>
          <Text as="p" fontSize="sm" color="muted">
            Small muted text for secondary details.
          </Text>
          <Text as="p" fontWeight="bold">
            Bold text for emphasis.
          </Text>
          <Text as="p">
            A <TextLink href="/design-system/typography">text link</TextLink> inside a sentence.
          </Text>
        </Stack>
      </Demo>
      <Demo title="Prose">
        <Prose>
          <p>Prose styles long-form content written in HTML, such as terms of use.</p>
          <ul>
            <li>Lists are spaced for reading.</li>
            <li>Links and emphasis are styled.</li>
          </ul>
        </Prose>
      </Demo>
      <Demo title="Page title">
        <Text as="p">Every page starts with a level-one heading, as at the top of this page.</Text>
      </Demo>
    </GalleryPage>
  );
}
