import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskListItem, TasksPage, VerifyInformationTask } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import {
  taskApiPath,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts/tasks-notifications-paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const user = testUser({ practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b' });
const taskId = '6f1c1d7e-8a2b-4c3d-9e4f-5a6b7c8d9e0f';
const formTaskId = '7a2d2e8f-9b3c-4d4e-8f5a-6b7c8d9e0f1a';

const item = (over: Partial<TaskListItem> = {}): TaskListItem => ({
  id: taskId,
  kind: 'VerifyInformation',
  taskStatus: 'NotComplete',
  taskPriorityCode: 'urgent',
  entityType: 'HealthcareService',
  entityName: 'Harbour General Practice Surry Hills',
  partnerServiceName: 'National Health Services Directory',
  propertyDisplayNames: ['Phone'],
  created: '2026-11-20T01:30:00.000Z',
  resolvedAt: null,
  ...over,
});

const page = (items: TaskListItem[], total = items.length): TasksPage => ({
  items,
  page: 1,
  pageSize: 10,
  total,
});

const task = (over: Partial<VerifyInformationTask> = {}): VerifyInformationTask => ({
  id: taskId,
  kind: 'VerifyInformation',
  entityId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  entityType: 'HealthcareService',
  entityName: 'Harbour General Practice Surry Hills',
  taskStatus: 'NotComplete',
  taskPriorityCode: 'urgent',
  partnerServiceName: 'National Health Services Directory',
  partnerServiceLogo: { mimeType: 'image/png', data: 'iVBORw0KGgo=', description: 'NHSD logo' },
  reason: 'The listed phone number is disconnected.',
  properties: [
    { name: 'Phone', displayName: 'Phone', newValue: '0291234888', currentValue: '0291234500' },
  ],
  created: '2026-11-20T01:30:00.000Z',
  resolvedAt: null,
  outcome: null,
  ...over,
});

function serve(routes: Record<string, FakeHandler>) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${paths.counts}`]: () => json({ openTasks: 4, unreadNotifications: 3 }),
    ...routes,
  });
}

afterEach(() => vi.unstubAllGlobals());

/** The task list's success alert with this title (a status region, focusable). */
async function outcomeAlert(title: string) {
  const found = (await screen.findByText(title)).closest<HTMLElement>('[data-tone="success"]');
  if (!found) throw new Error(`no success alert titled ${title}`);
  expect(found).toHaveRole('status');
  return found;
}

describe('the tasks and notifications page', () => {
  it('shows the counts on the tabs, the open tasks, and changes the URL with the tab', async () => {
    const requests = serve({
      [`GET ${paths.tasks}`]: (request) =>
        request.path.includes('status=Complete')
          ? json(page([]))
          : json(
              page([
                item(),
                item({
                  id: formTaskId,
                  kind: 'OnlineForm',
                  taskPriorityCode: 'low',
                  entityName: 'Harbour Medical Group Pty Ltd',
                  propertyDisplayNames: [],
                }),
              ]),
            ),
    });
    const { router } = renderApp('/tasks-notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: /Open \(4\)/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: /Notifications \(3\)/ })).toBeVisible();
    const verify = await screen.findByRole('link', {
      name: 'Verify the phone of Harbour General Practice Surry Hills',
    });
    expect(verify).toHaveAttribute('href', `/tasks-notifications/verify-information/${taskId}`);
    expect(
      screen.getByRole('link', {
        name: 'Complete the online form about Harbour Medical Group Pty Ltd',
      }),
    ).toHaveAttribute('href', `/tasks-notifications/complete-online-form/${formTaskId}`);
    expect(screen.getByText('Urgent')).toBeVisible();
    expect(requests.some((r) => r.path === `${paths.tasks}?status=NotComplete&page=1`)).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tasks (Completed)' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/tasks-notifications/completed-tasks');
    expect(await screen.findByText('There are no completed tasks at the moment')).toBeVisible();
  });

  it('opens the tab named in the URL', async () => {
    serve({ [`GET ${paths.tasks}`]: () => json(page([])) });
    renderApp('/tasks-notifications/dismissed-tasks');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tasks (Dismissed)' }),
    ).toBeVisible();
    expect(await screen.findByText('There are no dismissed tasks at the moment')).toBeVisible();
    renderApp('/tasks-notifications/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  });

  it('shows the error state when the list fails', async () => {
    serve({ [`GET ${paths.tasks}`]: () => problem(500, '/problems/internal', 'Internal') });
    renderApp('/tasks-notifications/tasks');
    expect(await screen.findByText('We could not load your tasks')).toBeVisible();
  });
});

describe('the verify-information task', () => {
  const path = `/tasks-notifications/verify-information/${taskId}`;

  it('shows the urgency, the entity, the logo and the reason; the suggested value completes it', async () => {
    const requests = serve({
      [`GET ${taskApiPath('task', taskId)}`]: () => json(task()),
      [`POST ${taskApiPath('completeTask', taskId)}`]: () =>
        json(task({ taskStatus: 'Complete', outcome: 'SuggestedValueAccepted' })),
      [`GET ${paths.tasks}`]: () => json(page([])),
    });
    const { router } = renderApp(path);
    // The heading names the task; the specification's urgency line stays above it.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Verify the phone of Harbour General Practice Surry Hills',
      }),
    ).toBeVisible();
    expect(screen.getByText('Urgent! Action required')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toBeVisible();
    expect(
      screen.getByText(
        'Verify the following details about the Harbour General Practice Surry Hills.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: 'NHSD logo' })).toBeVisible();
    expect(screen.getByText('The listed phone number is disconnected.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Choose the current value or the suggested value'),
    ).toBeVisible();

    await userEvent.click(
      screen.getByRole('radio', {
        name: 'Suggested value from National Health Services Directory: Phone: 0291234888',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks-notifications'));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: taskApiPath('completeTask', taskId),
      body: { choice: 'suggested' },
    });
    // The list confirms what happened, to which entity, and takes focus.
    const alert = await outcomeAlert('Verified: Harbour General Practice Surry Hills');
    expect(alert).toHaveTextContent(
      'Harbour General Practice Surry Hills now has Phone: 0291234888. We have sent your verified details to National Health Services Directory.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    await userEvent.click(within(alert).getByRole('button', { name: /Close/ }));
    await waitFor(() =>
      expect(screen.queryByText('Verified: Harbour General Practice Surry Hills')).toBeNull(),
    );
  });

  it('keeping the current value opens the dismiss dialog naming the partner, which dismisses', async () => {
    const requests = serve({
      [`GET ${taskApiPath('task', taskId)}`]: () => json(task({ taskPriorityCode: 'low' })),
      [`POST ${taskApiPath('dismissTask', taskId)}`]: () => json(task({ taskStatus: 'Dismissed' })),
      [`GET ${paths.tasks}`]: () => json(page([])),
    });
    const { router } = renderApp(path);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Verify the phone of Harbour General Practice Surry Hills',
      }),
    ).toBeVisible();
    expect(screen.getByText('Non-urgent! Action required')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'Current value: Phone: 0291234500' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep the current details' });
    expect(dialog).toHaveTextContent('National Health Services Directory');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks-notifications'));
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/dismiss'))).toBe(true);
    const alert = await outcomeAlert('Task dismissed: Harbour General Practice Surry Hills');
    expect(alert).toHaveTextContent(
      'Harbour General Practice Surry Hills keeps Phone: 0291234500. We have let National Health Services Directory know the current details are correct.',
    );
  });

  it('a failed dismissal is said in the dialog, which stays open', async () => {
    serve({
      [`GET ${taskApiPath('task', taskId)}`]: () => json(task({ taskPriorityCode: 'low' })),
      [`POST ${taskApiPath('dismissTask', taskId)}`]: () =>
        problem(409, '/problems/task-not-open', 'This task has already been answered'),
    });
    renderApp(path);
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Current value: Phone: 0291234500' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep the current details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss task' }));
    expect(await within(dialog).findByText('There is a problem')).toBeVisible();
    expect(dialog).toHaveTextContent('This task has already been answered');
    expect(screen.getByRole('dialog', { name: 'Keep the current details' })).toBeVisible();
  });

  it('says a completed task was verified and sent to the partner', async () => {
    serve({
      [`GET ${taskApiPath('task', taskId)}`]: () =>
        json(task({ taskStatus: 'Complete', outcome: 'SuggestedValueAccepted' })),
    });
    renderApp(path);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Verify the phone of Harbour General Practice Surry Hills',
      }),
    ).toBeVisible();
    expect(screen.getByText('No action required')).toBeVisible();
    expect(
      screen.getByText(
        'Verified the following details about the Harbour General Practice Surry Hills.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Successfully verified')).toBeVisible();
    expect(screen.getByText("Thank you for verifying the entity's details")).toBeVisible();
    expect(
      screen.getByText('We have sent your verified details to the partner service.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('does not show a dismissed task, and says so when the task is not found', async () => {
    serve({
      [`GET ${taskApiPath('task', taskId)}`]: () => json(task({ taskStatus: 'Dismissed' })),
    });
    renderApp(path);
    expect(await screen.findByText('This task is not available')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    vi.unstubAllGlobals();
    serve({
      [`GET ${taskApiPath('task', taskId)}`]: () =>
        problem(404, '/problems/not-found', 'Not found'),
    });
    renderApp(path);
    expect(await screen.findByText('This task does not exist')).toBeVisible();
  });

  it('a confirm-details reminder links to the entity and is completed by confirming (decision 027)', async () => {
    const confirm = task({
      kind: 'ConfirmDetails',
      taskPriorityCode: 'low',
      entityType: 'Location',
      entityName: 'Harbour Home Visits (Eastern Suburbs)',
      partnerServiceName: null,
      partnerServiceLogo: null,
      reason: 'These details have not been confirmed for 120 days.',
      properties: [],
    });
    const requests = serve({
      [`GET ${taskApiPath('task', taskId)}`]: () => json(confirm),
      [`POST ${taskApiPath('completeTask', taskId)}`]: () =>
        json({ ...confirm, taskStatus: 'Complete', outcome: 'CurrentValueKept' }),
      [`GET ${paths.tasks}`]: () => json(page([])),
    });
    const { router } = renderApp(path);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Confirm the details of Harbour Home Visits (Eastern Suburbs) are still current',
      }),
    ).toBeVisible();
    expect(screen.getByText('These details have not been confirmed for 120 days.')).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'View and change Harbour Home Visits (Eastern Suburbs)' }),
    ).toHaveAttribute('href', `/location/${confirm.entityId}`);
    expect(screen.queryByRole('radio')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'These details are still current' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks-notifications'));
    expect(
      await outcomeAlert('Details confirmed: Harbour Home Visits (Eastern Suburbs)'),
    ).toHaveTextContent(
      'The details of Harbour Home Visits (Eastern Suburbs) were confirmed as current.',
    );
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: taskApiPath('completeTask', taskId),
      body: { choice: 'confirmed' },
    });
  });

  it.each([
    [false, 'Update Registration certificate', '/credential-document/edit/'],
    [true, 'Choose the practitioner to manage', '/manage-accounts'],
  ])(
    'a credential-expiry reminder (a delegate’s copy: %s) leads to the document’s page, or to managing its practitioner',
    async (managed, name, href) => {
      const reminder = task({
        kind: 'CredentialExpiry',
        taskPriorityCode: 'low',
        entityType: 'CredentialDocument',
        entityName: 'Registration certificate',
        partnerServiceName: null,
        partnerServiceLogo: null,
        reason: 'Registration certificate expires on 20 December 2026.',
        properties: [],
        managedPractitionersDocument: managed,
      });
      serve({ [`GET ${taskApiPath('task', taskId)}`]: () => json(reminder) });
      renderApp(path);
      const link = await screen.findByRole('link', { name });
      expect(link.getAttribute('href')).toContain(href);
      // The other way is not offered.
      expect(
        screen.queryByRole('link', {
          name: managed ? 'Update Registration certificate' : 'Choose the practitioner to manage',
        }),
      ).toBeNull();
    },
  );
});

describe('the online form', () => {
  it("says 'Loading online form..' and sends the browser to the signed address", async () => {
    const url = 'https://forms.practicelink.example.com.au/referral-preferences?token=abc.def';
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve({ [`GET ${taskApiPath('onlineForm', formTaskId)}`]: () => json({ url }) });
    renderApp(`/tasks-notifications/complete-online-form/${formTaskId}`);
    expect(await screen.findByText('Loading online form..')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it('shows the error state when the address cannot be had', async () => {
    serve({
      [`GET ${taskApiPath('onlineForm', formTaskId)}`]: () =>
        problem(404, '/problems/not-found', 'Not found'),
    });
    renderApp(`/tasks-notifications/complete-online-form/${formTaskId}`);
    expect(await screen.findByText('The online form does not exist')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toBeVisible();
  });
});

/**
 * Alice's tasks as a small world that changes when she acts: what the browser journey
 * (e2e/tests/tasks.spec.ts) read from the tabs after each step, checked here without a browser (issue 31,
 * docs/decisions/052-ci-budget.md). The counts and lists follow each answer without a reload.
 */
describe('the tabs follow what Alice does', () => {
  const emailTaskId = '8b3e3f90-ac4d-4e5f-9a6b-7c8d9e0f1a2b';
  const statusOf = new Map<string, 'NotComplete' | 'Complete' | 'Dismissed'>([
    [taskId, 'NotComplete'],
    [emailTaskId, 'NotComplete'],
  ]);
  const items: Record<string, TaskListItem> = {
    [taskId]: item(),
    [emailTaskId]: item({
      id: emailTaskId,
      taskPriorityCode: 'low',
      entityType: 'Location',
      entityName: 'Surry Hills Clinic',
      propertyDisplayNames: ['Email'],
    }),
  };
  const details: Record<string, VerifyInformationTask> = {
    [taskId]: task(),
    [emailTaskId]: task({
      id: emailTaskId,
      taskPriorityCode: 'low',
      entityType: 'Location',
      entityName: 'Surry Hills Clinic',
      partnerServiceName: 'MediFund Health Insurance',
      properties: [
        {
          name: 'Email',
          displayName: 'Email',
          newValue: 'clinic@example.com',
          currentValue: 'surryhills@example.com',
        },
      ],
    }),
  };
  const world = () => {
    const answer = (id: string, status: 'Complete' | 'Dismissed') => () => {
      statusOf.set(id, status);
      return json({ ...details[id], taskStatus: status });
    };
    return {
      [`GET ${paths.counts}`]: () =>
        json({
          openTasks: [...statusOf.values()].filter((s) => s === 'NotComplete').length,
          unreadNotifications: 3,
        }),
      [`GET ${paths.tasks}`]: (request: { path: string }) => {
        const status = new URL(request.path, 'http://x').searchParams.get('status');
        return json(
          page(
            [...statusOf]
              .filter(([, s]) => s === status)
              .map(([id, s]) => ({ ...items[id]!, taskStatus: s })),
          ),
        );
      },
      [`GET ${taskApiPath('task', taskId)}`]: () =>
        json({ ...details[taskId], taskStatus: statusOf.get(taskId) }),
      [`GET ${taskApiPath('task', emailTaskId)}`]: () =>
        json({ ...details[emailTaskId], taskStatus: statusOf.get(emailTaskId) }),
      [`POST ${taskApiPath('completeTask', taskId)}`]: answer(taskId, 'Complete'),
      [`POST ${taskApiPath('dismissTask', emailTaskId)}`]: answer(emailTaskId, 'Dismissed'),
    } satisfies Record<string, FakeHandler>;
  };

  it('verifying one and dismissing another moves each to its tab and lowers the open count', async () => {
    serve(world());
    const { router } = renderApp('/tasks-notifications');
    expect(await screen.findByRole('tab', { name: /^Open \(2\)/ })).toBeVisible();

    await userEvent.click(
      await screen.findByRole('link', {
        name: 'Verify the phone of Harbour General Practice Surry Hills',
      }),
    );
    await userEvent.click(
      await screen.findByRole('radio', {
        name: 'Suggested value from National Health Services Directory: Phone: 0291234888',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks-notifications'));
    expect(await screen.findByRole('tab', { name: /^Open \(1\)/ })).toBeVisible();
    expect(
      screen.queryByRole('link', {
        name: 'Verify the phone of Harbour General Practice Surry Hills',
      }),
    ).toBeNull();

    await userEvent.click(
      screen.getByRole('link', { name: 'Verify the email of Surry Hills Clinic' }),
    );
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Current value: Email: surryhills@example.com' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep the current details' });
    expect(dialog).toHaveTextContent('MediFund Health Insurance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss task' }));
    expect(await screen.findByRole('tab', { name: /^Open \(0\)/ })).toBeVisible();
    expect(await screen.findByText('Task dismissed: Surry Hills Clinic')).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(
      await screen.findByRole('link', {
        name: 'Verify the phone of Harbour General Practice Surry Hills',
      }),
    ).toBeVisible();
    // A dismissed task is listed, not opened again.
    await userEvent.click(screen.getByRole('tab', { name: 'Dismissed' }));
    const dismissed = await screen.findByRole('table', { name: 'Dismissed tasks' });
    expect(
      await within(dismissed).findByText('Verify the email of Surry Hills Clinic'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/tasks-notifications/dismissed-tasks');
  });
});
