import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { TaskListItem, TaskStatus } from '@pca/contracts';
import { constants } from '@pca/contracts/constants.ts';
import { pages } from '@pca/contracts/pages.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableWrapper,
} from '@pca/ui/primitives/table.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Paginator, itemRangeText } from '@pca/ui/paginator/paginator.tsx';
import { Tabs } from '@pca/ui/tabs/tabs.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { formatDateTime } from '#lib/dates.ts';
import { useTasks, useTasksNotificationsCounts } from '../api/tasks.ts';
import { NotificationsPanel } from '../components/notifications-panel.tsx';
import { taskOutcomeAlert, taskOutcomeOf, taskStatusLabels, taskSubject } from '../task-texts.ts';
import { SectionLoading } from '#lib/section-loading.tsx';
import { useFocusWhenShown } from '#lib/focus.ts';

/** The tabs of docs/product/features.md#tasks-and-notifications, in order, by their route parameter. */
const tabs = [
  { tab: 'tasks', status: 'NotComplete', heading: 'Tasks (Open)', empty: 'open' },
  { tab: 'completed-tasks', status: 'Complete', heading: 'Tasks (Completed)', empty: 'completed' },
  { tab: 'dismissed-tasks', status: 'Dismissed', heading: 'Tasks (Dismissed)', empty: 'dismissed' },
  { tab: 'notifications', status: null, heading: 'Notifications', empty: '' },
] as const;

/** Tasks and notifications: /tasks-notifications and /tasks-notifications/{tab}. */
export function TasksNotificationsPage() {
  const { tab = 'tasks' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const counts = useTasksNotificationsCounts();
  // A task just resolved says what happened, to which entity (issue 30), with focus on it.
  const outcome = taskOutcomeOf(location.state);
  const success = outcome ? taskOutcomeAlert(outcome) : null;
  const shownKey = success ? location.key : null;
  const alertRef = useFocusWhenShown(shownKey);
  const found = tabs.findIndex((t) => t.tab === tab);
  const active = found === -1 ? 0 : found;
  const current = tabs[active]!;
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  const labels = [
    `Open${count(counts.data?.openTasks)}`,
    'Completed',
    'Dismissed',
    `Notifications${count(counts.data?.unreadNotifications)}`,
  ];

  return (
    <Stack gap={2}>
      <H1>{current.heading}</H1>
      {success ? (
        <div ref={alertRef}>
          <Alert
            tone="success"
            title={success.title}
            focusable
            // The outcome lives in the history entry: closing it, or a reload, does not show it again.
            onClose={() => void navigate(location.pathname, { replace: true, state: null })}
          >
            {/* Values such as an email address must wrap on a phone, not widen the page. */}
            <Text as="p" style={{ overflowWrap: 'anywhere' }}>
              {success.message}
            </Text>
          </Alert>
        </div>
      ) : null}
      <Tabs
        activeIndex={active}
        onChange={(index) => void navigate(pages.tasks.tab.href({ tab: tabs[index]!.tab }))}
        items={tabs.map((t, index) => ({
          label: labels[index]!,
          // Only the shown tab loads its list.
          content:
            index !== active ? null : t.status === null ? (
              <NotificationsPanel />
            ) : (
              <TaskList key={t.tab} status={t.status} empty={t.empty} />
            ),
        }))}
      />
    </Stack>
  );
}

/** One status's tasks, 10 a page. */
function TaskList({ status, empty }: { status: TaskStatus; empty: string }) {
  const [page, setPage] = useState(1);
  const list = useTasks(status, page);
  return (
    <QueryView
      query={list}
      loading={<SectionLoading message="Loading tasks" />}
      thing="your tasks"
      logMessage="Tasks failed to load"
    >
      {({ items, total, pageSize }) => {
        if (total === 0) return <Text as="p">{`There are no ${empty} tasks at the moment`}</Text>;
        const totalPages = Math.max(1, Math.ceil(total / pageSize));
        return (
          <Stack gap={1.5}>
            <TableWrapper>
              <Table striped>
                <TableCaption>{`${taskStatusLabels[status]} tasks`}</TableCaption>
                <TableHead>
                  <TableRow>
                    <TableHeader scope="col">Subject</TableHeader>
                    <TableHeader scope="col">Status</TableHeader>
                    <TableHeader scope="col">Created</TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((item) => (
                    <TaskRow key={item.id} item={item} />
                  ))}
                </TableBody>
              </Table>
            </TableWrapper>
            {totalPages > 1 || page > 1 ? (
              <Paginator
                label="Task pages"
                page={page}
                totalPages={totalPages}
                onPageChange={setPage}
                itemRangeText={itemRangeText(
                  page,
                  pageSize ?? constants.notificationPageSize,
                  total,
                  'tasks',
                )}
              />
            ) : null}
          </Stack>
        );
      }}
    </QueryView>
  );
}

function TaskRow({ item }: { item: TaskListItem }) {
  const subject = taskSubject(item);
  const href =
    item.kind === 'OnlineForm'
      ? item.taskStatus === 'NotComplete'
        ? pages.tasks.completeOnlineForm.href({ id: item.id })
        : null
      : item.taskStatus === 'Dismissed'
        ? null
        : pages.tasks.verifyInformation.href({ id: item.id });
  return (
    <TableRow>
      <TableCell>
        <Stack gap={0.25} alignItems="flex-start">
          {href ? <TextLink href={href}>{subject}</TextLink> : <span>{subject}</span>}
          {item.partnerServiceName ? (
            <Text fontSize="sm" color="muted">{`From ${item.partnerServiceName}`}</Text>
          ) : null}
        </Stack>
      </TableCell>
      <TableCell>
        <Stack gap={0.25} alignItems="flex-start">
          <span>{taskStatusLabels[item.taskStatus]}</span>
          {item.taskPriorityCode === 'urgent' && item.taskStatus === 'NotComplete' ? (
            <Chip tone="error">Urgent</Chip>
          ) : null}
        </Stack>
      </TableCell>
      <TableCell>{formatDateTime(item.created)}</TableCell>
    </TableRow>
  );
}

export { TasksNotificationsPage as Component };
