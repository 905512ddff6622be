import type { Workplaces } from '@pca/contracts';
import { workplacesMessages as messages } from '@pca/contracts/workplaces-paths.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { ApiError } from '#lib/api-error.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useWorkplaces } from '../api/workplaces.ts';
import { WorkplacesTable } from '../components/workplaces-table.tsx';
import { SectionLoading } from '#lib/section-loading.tsx';

const fullName = (p: Workplaces['practitioner']) => `${p.givenName} ${p.familyName}`;

function Lists({ data }: { data: Workplaces }) {
  const name = fullName(data.practitioner);
  if (data.active.length === 0 && data.past.length === 0)
    return <Text as="p">{data.managing ? messages.emptyManaging(name) : messages.empty}</Text>;
  return (
    <Stack gap={2}>
      <Stack gap={1} as="section" aria-labelledby="workplaces-active">
        <H2 id="workplaces-active">{messages.activeHeading}</H2>
        <WorkplacesTable
          label="Active workplaces"
          workplaces={data.active}
          emptyText={data.managing ? messages.noActiveManaging(name) : messages.noActive}
        />
      </Stack>
      <Stack gap={1} as="section" aria-labelledby="workplaces-past">
        <H2 id="workplaces-past">{messages.pastHeading}</H2>
        <WorkplacesTable
          label="Past workplaces"
          workplaces={data.past}
          emptyText={messages.noPast}
        />
      </Stack>
    </Stack>
  );
}

/**
 * My workplaces (`/my-workplaces`, docs/product/workplaces.md): where the practitioner — or the practitioner a
 * delegate manages — works, one row per healthcare service, active and past, each linking to its summary.
 */
export function MyWorkplacesPage() {
  const list = useWorkplaces();
  const data = list.data;
  const noPractitioner = list.error instanceof ApiError && list.error.status === 403;
  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{messages.listTitle}</H1>
        {data ? (
          <Text as="p">
            {data.managing
              ? messages.listIntroManaging(fullName(data.practitioner))
              : messages.listIntro}
          </Text>
        ) : null}
      </Stack>
      {noPractitioner ? (
        <Alert tone="info" title={messages.noPractitioner} />
      ) : (
        <QueryView
          query={list}
          loading={<SectionLoading message={messages.loading} />}
          thing={messages.thing}
          logMessage="My workplaces failed to load"
        >
          {(loaded) => <Lists data={loaded} />}
        </QueryView>
      )}
    </Stack>
  );
}

export { MyWorkplacesPage as Component };
