import { useState } from 'react';
import type { ImportTargetService } from '@pca/contracts';
import {
  importRowStatuses,
  type ImportRowStatus,
} from '@pca/contracts/practitioner-role-import-paths.ts';
import { type ImportRow } from '@pca/contracts/practitioner-role-import-rows.ts';
import { Checkbox } from '@pca/ui/checkbox/checkbox.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Paginator, itemRangeText } from '@pca/ui/paginator/paginator.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { Tabs } from '@pca/ui/tabs/tabs.tsx';
import { formatDate } from '#lib/dates.ts';

/** Rows a tab shows a page: a practice of 500 roles stays quick to scroll and to render twice (table and cards). */
const PAGE_SIZE = 50;

const tabLabels: Record<ImportRowStatus, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  unmatched: 'Unmatched',
};

const emptyTexts: Record<ImportRowStatus, string> = {
  new: 'No roles are new to Provider Connect.',
  changed: 'No roles have changed.',
  unchanged: 'No roles are the same in both.',
  unmatched: 'Every role matched a practitioner and a service.',
};

const fieldWords = { primaryType: 'Role', startDate: 'Start date', endDate: 'End date' } as const;

const dateText = (date: string | null) => (date ? formatDate(date, 'medium') : 'N/A');

/** Props of ImportRows. */
export type ImportRowsProps = {
  rows: ImportRow[];
  services: ImportTargetService[];
  chosen: ReadonlySet<string>;
  onChosenChange: (next: Set<string>) => void;
};

/**
 * The preview's rows in a tab per kind — new, changed, unchanged, unmatched — each with its count. New and
 * changed rows have a checkbox labelled with the practitioner's name; unmatched rows say why. At phone
 * width each row is a card.
 */
export function ImportRows({ rows, services, chosen, onChosenChange }: ImportRowsProps) {
  const [tab, setTab] = useState(0);
  const [pages, setPages] = useState<Record<string, number>>({});
  const serviceName = new Map(services.map((s) => [s.id, s.name]));
  const byStatus = Object.fromEntries(
    importRowStatuses.map((s) => [s, rows.filter((r) => r.status === s)]),
  ) as Record<ImportRowStatus, ImportRow[]>;

  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChosenChange(next);
  };

  const panel = (status: ImportRowStatus) => {
    const list = byStatus[status];
    const choosable = status === 'new' || status === 'changed';
    const page = Math.min(pages[status] ?? 1, Math.max(1, Math.ceil(list.length / PAGE_SIZE)));
    const shown = list.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const chosenHere = list.filter((r) => chosen.has(r.role.cisId)).length;
    const columns: DataTableColumn<ImportRow>[] = [
      {
        key: 'practitioner',
        header: 'Practitioner',
        render: (row) => {
          const name = `${row.role.familyName}, ${row.role.givenName}`;
          return (
            <Stack gap={0.25}>
              {choosable ? (
                <Checkbox
                  size="sm"
                  checked={chosen.has(row.role.cisId)}
                  onCheckedChange={(on) => toggle([row.role.cisId], on)}
                >
                  {name}
                </Checkbox>
              ) : (
                <Text fontWeight="bold">{name}</Text>
              )}
              <Text fontSize="sm" color="muted" fontWeight="normal">
                {row.role.hpii ? `HPI-I ${row.role.hpii}` : 'No HPI-I'}
              </Text>
            </Stack>
          );
        },
      },
      {
        key: 'service',
        header: 'Healthcare service',
        render: (row) => (
          <Stack gap={0.25}>
            <Text>
              {row.healthcareServiceId
                ? (serviceName.get(row.healthcareServiceId) ?? '')
                : (row.role.sourceName ?? 'None')}
            </Text>
            {row.healthcareServiceId &&
            row.role.sourceName &&
            row.role.sourceName !== serviceName.get(row.healthcareServiceId) ? (
              <Text
                fontSize="sm"
                color="muted"
              >{`In the clinical system: ${row.role.sourceName}`}</Text>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'role',
        header: 'Role',
        render: (row) => row.next?.primaryType ?? row.role.primaryType ?? 'None',
      },
      {
        key: 'dates',
        header: 'Dates',
        render: (row) =>
          `${dateText(row.next?.startDate ?? row.role.startDate)} to ${dateText(row.next?.endDate ?? row.role.endDate)}`,
      },
    ];
    if (status === 'changed')
      columns.push({
        key: 'changes',
        header: 'What changes',
        render: (row) => (
          <Stack gap={0.25}>
            {row.changes.map((c) => (
              <Text key={c.field} fontSize="sm">
                {`${fieldWords[c.field]}: ${
                  c.field === 'primaryType' ? (c.from ?? 'None') : dateText(c.from)
                } → ${c.field === 'primaryType' ? (c.to ?? 'None') : dateText(c.to)}`}
              </Text>
            ))}
          </Stack>
        ),
      });
    if (status === 'unmatched')
      columns.push({ key: 'why', header: 'Why', render: (row) => row.reason ?? '' });

    return (
      <Stack gap={1}>
        {choosable && list.length > 0 ? (
          <Checkbox
            checked={chosenHere === list.length}
            indeterminate={chosenHere > 0 && chosenHere < list.length}
            onCheckedChange={(on) =>
              toggle(
                list.map((r) => r.role.cisId),
                on,
              )
            }
          >
            {`Choose all ${list.length} ${tabLabels[status].toLowerCase()} roles`}
          </Checkbox>
        ) : null}
        <ResponsiveTable
          label={`${tabLabels[status]} roles`}
          caption={`${tabLabels[status]} roles`}
          columns={columns}
          rows={shown}
          rowKey={(row) => row.role.cisId}
          emptyText={emptyTexts[status]}
          striped
        />
        {list.length > PAGE_SIZE ? (
          <Paginator
            page={page}
            totalPages={Math.ceil(list.length / PAGE_SIZE)}
            onPageChange={(p) => setPages((old) => ({ ...old, [status]: p }))}
            label={`${tabLabels[status]} roles pages`}
            itemRangeText={itemRangeText(page, PAGE_SIZE, list.length, 'roles')}
          />
        ) : null}
      </Stack>
    );
  };

  return (
    <Tabs
      activeIndex={tab}
      onChange={setTab}
      items={importRowStatuses.map((status) => ({
        label: `${tabLabels[status]} (${byStatus[status].length})`,
        content: panel(status),
        endElement:
          (status !== 'new' && status !== 'changed') || byStatus[status].length === 0 ? null : (
            <Chip tone="secondary">{`${
              byStatus[status].filter((r) => chosen.has(r.role.cisId)).length
            } chosen`}</Chip>
          ),
      }))}
    />
  );
}
