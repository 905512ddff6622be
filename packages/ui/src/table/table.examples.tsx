import { DataTable, type DataTableColumn } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Tables page. */
export const tableGallery: GalleryEntry = {
  name: 'Tables',
  introduction: 'Sortable, paginated tables. Select a column heading to sort by it.',
};

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

/** Tables demo: sortable, paginated, page size 5.  */
export function TablesExamples() {
  return (
    <>
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
    </>
  );
}
