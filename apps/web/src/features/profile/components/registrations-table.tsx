import type { CurrentUser } from '@pca/contracts';
import { DataTable } from '@pca/ui/table/data-table.tsx';

type Registration = CurrentUser['ahpraPractitionerDetails'][number];

/** The practitioner's professional registrations: number and profession, all rows, no pagination. */
export function RegistrationsTable({ rows }: { rows: readonly Registration[] }) {
  return (
    <DataTable
      caption="Professional registrations"
      rows={rows}
      rowKey={(row) => row.professionNumber}
      columns={[
        {
          key: 'number',
          header: 'Registration number',
          render: (row) => row.professionNumber,
        },
        { key: 'profession', header: 'Profession', render: (row) => row.profession },
      ]}
    />
  );
}
