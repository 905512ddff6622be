import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CredentialDocument, CredentialDocuments } from '@pca/contracts';
import {
  credentialDocumentApiPath as itemPath,
  credentialDocumentApiPaths as paths,
  credentialDocumentFileApiPath as filePath,
  credentialDocumentMessages as messages,
} from '@pca/contracts/credential-documents-paths.ts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { fieldProblem, installFakeServer, json, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const harbour = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Harbour Medical Group Pty Ltd',
};
const documentId = '22222222-2222-4222-8222-222222222222';

const document = (over: Partial<CredentialDocument> = {}): CredentialDocument => ({
  id: documentId,
  type: 'ProfessionalIndemnityInsurance',
  title: 'Indemnity 2026',
  description: '',
  issueDate: '2026-07-01',
  expiryDate: '2026-12-15',
  status: 'expires-soon',
  fileName: 'indemnity.pdf',
  mediaType: 'application/pdf',
  sizeBytes: 245_760,
  sharedWith: [harbour],
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...over,
});

const listOf = (items: CredentialDocument[]): CredentialDocuments => ({
  practitioner: {
    id: '33333333-3333-4333-8333-333333333333',
    givenName: 'Jane',
    familyName: 'Citizen',
  },
  managing: false,
  organisations: [harbour],
  items,
});

function serve(routes: Record<string, FakeHandler>) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(testUser()),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    ...routes,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the credential documents list', () => {
  it('shows each document with its expiry status, who may view it, and its actions', async () => {
    serve({ [`GET ${paths.list}`]: () => json(listOf([document()])) });
    renderApp('/credential-documents');
    // jsdom applies no media query: the table (md and up) is there but hidden, the phone's cards shown.
    const table = await screen.findByRole('table', { name: 'Credential documents', hidden: true });
    const row = within(table).getAllByRole('row', { hidden: true })[1]!;
    expect(within(row).getByText('Professional indemnity insurance')).toBeInTheDocument();
    expect(within(row).getByText('indemnity.pdf')).toBeInTheDocument();
    expect(within(row).getByText('240 KB')).toBeInTheDocument();
    expect(within(row).getByText(messages.expiresSoon)).toBeInTheDocument();
    expect(within(row).getByText(harbour.name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Indemnity 2026' })).toHaveAttribute(
      'href',
      `/credential-document/edit/${documentId}`,
    );
  });

  it('wraps a long unbroken title and file name in their cells rather than widening the table', async () => {
    const title = 'T'.repeat(120);
    const fileName = `${'f'.repeat(120)}.pdf`;
    serve({ [`GET ${paths.list}`]: () => json(listOf([document({ title, fileName })])) });
    renderApp('/credential-documents');
    const table = await screen.findByRole('table', { name: 'Credential documents', hidden: true });
    const row = within(table).getAllByRole('row', { hidden: true })[1]!;
    expect(within(row).getByText(title).style.overflowWrap).toBe('anywhere');
    expect(within(row).getByText(fileName).style.overflowWrap).toBe('anywhere');
  });

  it('says when there are none', async () => {
    serve({ [`GET ${paths.list}`]: () => json(listOf([])) });
    renderApp('/credential-documents');
    expect(await screen.findByText(messages.empty)).toBeVisible();
    expect(screen.getByRole('link', { name: messages.add })).toBeVisible();
  });

  it('removes a document only once the dialog is confirmed', async () => {
    let items = [document()];
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf(items)),
      [`DELETE /api/credential-documents/${documentId}`]: () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/credential-documents');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Indemnity 2026' }));
    const dialog = await screen.findByRole('dialog', { name: messages.removeTitle });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.removeConfirm }));
    expect(await screen.findByText(messages.removed('Indemnity 2026'))).toBeVisible();
    await waitFor(() => expect(screen.getByText(messages.empty)).toBeVisible());
  });
});

describe('adding a credential document', () => {
  it('asks for a file and the dates, and shows the server’s refusal of the file under the picker', async () => {
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf([])),
      [`POST ${paths.list}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/credential-document-type',
            title: 'Invalid request',
            status: 415,
            detail: messages.fileExecutable,
            errors: [{ field: 'file', message: messages.fileExecutable }],
          }),
          { status: 415, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp('/credential-document/add');
    await screen.findByRole('heading', { level: 1, name: messages.addTitle });
    await userEvent.click(await screen.findByRole('button', { name: messages.upload }));
    expect(await screen.findAllByText(messages.issueDateRequired)).not.toHaveLength(0);

    await userEvent.selectOptions(
      screen.getByLabelText(/Document type/),
      'ProfessionalIndemnityInsurance',
    );
    await userEvent.type(screen.getByLabelText(/Issue date/), '2026-07-01');
    await userEvent.type(screen.getByLabelText(/Expiry date/), '2026-06-30');
    await userEvent.click(screen.getByRole('button', { name: messages.upload }));
    expect(await screen.findAllByText(messages.expiryAfterIssue)).not.toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/Expiry date/));
    await userEvent.type(screen.getByLabelText(/Expiry date/), '2027-06-30');
    await userEvent.click(screen.getByRole('button', { name: messages.upload }));
    expect(await screen.findAllByText(messages.fileRequired)).not.toHaveLength(0);

    await userEvent.upload(
      globalThis.document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['MZ'], 'certificate.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: harbour.name }));
    await userEvent.click(screen.getByRole('button', { name: messages.upload }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect((await screen.findAllByText(messages.fileExecutable)).length).toBeGreaterThan(0);
  });

  /** The form's error summary: its links, and the element that takes focus. */
  const errorSummary = async () => {
    const alerts = await screen.findAllByRole('alert');
    const summary = alerts.find((a) => a.textContent?.includes('There is a problem'));
    expect(summary).toBeDefined();
    return summary!;
  };
  const summaryLinks = (summary: HTMLElement) =>
    within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('lists every error in the summary on the first Upload, the type and the file too, and focuses it', async () => {
    serve({ [`GET ${paths.list}`]: () => json(listOf([])) });
    renderApp('/credential-document/add');
    await userEvent.click(await screen.findByRole('button', { name: messages.upload }));
    const summary = await errorSummary();
    expect(summaryLinks(summary)).toEqual([
      messages.fileRequired,
      messages.typeRequired,
      messages.issueDateRequired,
      messages.expiryDateRequired,
    ]);
    await waitFor(() => expect(summary).toHaveFocus());
    // Each link leads to its field: the file picker's included.
    await userEvent.click(within(summary).getByRole('link', { name: messages.fileRequired }));
    expect(screen.getByRole('button', { name: /Select file/ })).toHaveFocus();
  });

  it('reports a missing file in the summary, focused, when the details are complete', async () => {
    const requests = serve({ [`GET ${paths.list}`]: () => json(listOf([])) });
    renderApp('/credential-document/add');
    await userEvent.selectOptions(
      await screen.findByLabelText(/Document type/),
      'ProfessionalIndemnityInsurance',
    );
    await userEvent.type(screen.getByLabelText(/Issue date/), '2026-07-01');
    await userEvent.type(screen.getByLabelText(/Expiry date/), '2027-06-30');
    await userEvent.click(screen.getByRole('button', { name: messages.upload }));
    const summary = await errorSummary();
    expect(summaryLinks(summary)).toEqual([messages.fileRequired]);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.upload(
      globalThis.document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF'], 'certificate.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(screen.queryByText(messages.fileRequired)).not.toBeInTheDocument());
  });

  it('refuses a date before 1900, as a two-digit year typed in the date field gives (0025)', async () => {
    const requests = serve({ [`GET ${paths.list}`]: () => json(listOf([])) });
    renderApp('/credential-document/add');
    await userEvent.selectOptions(await screen.findByLabelText(/Document type/), 'Qualification');
    await userEvent.type(screen.getByLabelText(/Issue date/), '0025-07-01');
    await userEvent.type(screen.getByLabelText(/Expiry date/), '2027-06-30');
    await userEvent.upload(
      globalThis.document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF'], 'certificate.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: messages.upload }));
    const summary = await errorSummary();
    expect(summaryLinks(summary)).toEqual([messages.dateTooEarly]);
    expect(screen.getByLabelText(/Issue date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(messages.dateTooEarly)).toHaveLength(2);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('offers one empty choice of document type, then the four types', async () => {
    serve({ [`GET ${paths.list}`]: () => json(listOf([])) });
    renderApp('/credential-document/add');
    const select = await screen.findByLabelText(/Document type/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual([
      ['', messages.typePlaceholder],
      ['RegistrationCertificate', 'Registration certificate'],
      ['ProfessionalIndemnityInsurance', 'Professional indemnity insurance'],
      ['Qualification', 'Qualification'],
      ['Other', 'Other'],
    ]);
  });
});

describe('editing a credential document', () => {
  const telehealth = {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Harbour Telehealth',
  };
  const editPath = `/credential-document/edit/${documentId}`;
  const pickFile = (name: string) =>
    userEvent.upload(
      globalThis.document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF'], name, { type: 'application/pdf' }),
    );

  it('lists an organisation it is still shared with where the role has ended, so it can be withdrawn', async () => {
    const saved: unknown[] = [];
    serve({
      // Harbour Telehealth is no longer shareable (the role there ended), but the document still is shared.
      [`GET ${paths.list}`]: () => json(listOf([document({ sharedWith: [harbour, telehealth] })])),
      [`GET ${itemPath(documentId)}`]: () => json(document({ sharedWith: [harbour, telehealth] })),
      [`PUT ${itemPath(documentId)}`]: (request) => {
        saved.push(request.body);
        return json(document({ sharedWith: [harbour] }));
      },
    });
    renderApp(editPath);
    const ended = await screen.findByRole('checkbox', {
      name: `${telehealth.name} (no current role)`,
    });
    expect(ended).toBeChecked();
    expect(screen.getByRole('checkbox', { name: harbour.name })).toBeChecked();
    await userEvent.click(ended);
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ organisationIds: [harbour.id] });
  });

  it('reads the tasks and their counts again after a save, a new file and a removal', async () => {
    serve({
      [`GET ${paths.list}`]: () => json(listOf([document()])),
      [`GET ${itemPath(documentId)}`]: () => json(document()),
      [`PUT ${itemPath(documentId)}`]: () => json(document()),
      [`PUT ${filePath(documentId)}`]: () => json(document({ fileName: 'renewed.pdf' })),
      [`DELETE ${itemPath(documentId)}`]: () => new Response(null, { status: 204 }),
    });
    const { queryClient, router } = renderApp(editPath);
    // What the tasks page read: the server completes the document's expiry reminders on each of these.
    const taskKeys = [
      ['tasks', 'list', 'NotComplete', 1],
      ['tasks-notifications', 'counts'],
    ];
    const seedTasks = () =>
      taskKeys.forEach((key) => queryClient.setQueryData(key, { seeded: true }));
    const invalidated = () =>
      taskKeys.map((key) => queryClient.getQueryState(key)?.isInvalidated ?? false);

    seedTasks();
    await screen.findByRole('button', { name: messages.save });
    await pickFile('renewed.pdf');
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credential-documents'));
    expect(invalidated()).toEqual([true, true]);

    seedTasks();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Indemnity 2026' }));
    const dialog = await screen.findByRole('dialog', { name: messages.removeTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: messages.removeConfirm }));
    await waitFor(() => expect(invalidated()).toEqual([true, true]));
  });

  it('sends a new file once: when the details then fail, Save sends the details alone', async () => {
    let detailsAnswers = 0;
    const requests = serve({
      [`GET ${paths.list}`]: () => json(listOf([document()])),
      [`GET ${itemPath(documentId)}`]: () => json(document()),
      [`PUT ${filePath(documentId)}`]: () => json(document({ fileName: 'renewed.pdf' })),
      [`PUT ${itemPath(documentId)}`]: () =>
        ++detailsAnswers === 1
          ? fieldProblem('title', 'Enter a title of 120 characters or fewer')
          : json(document({ fileName: 'renewed.pdf' })),
    });
    const { router } = renderApp(editPath);
    await screen.findByRole('button', { name: messages.save });
    await pickFile('renewed.pdf');
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText('The new file renewed.pdf was saved')).toBeVisible();
    expect(
      screen.getByText('Your other changes were not saved. Select Save to try again.'),
    ).toBeVisible();
    // The picker is empty again.
    expect(
      globalThis.document.querySelector<HTMLInputElement>('input[type="file"]')!.files,
    ).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credential-documents'));
    const puts = requests.filter((r) => r.method === 'PUT').map((r) => r.path);
    expect(puts).toEqual([filePath(documentId), itemPath(documentId), itemPath(documentId)]);
  });
});
