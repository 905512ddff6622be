import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { installFakeServer } from '../test/fake-server.ts';
import { renderApp } from '../test/render-app.tsx';
import { documentHref, documentTitles, type AcceptedDocument } from './documents.tsx';

afterEach(() => vi.unstubAllGlobals());

// A ticked document's link opens it in a new tab, with no session there (issue 30).
describe('the documents a tick accepts', () => {
  it.each([
    ['termsOfUse', 'Terms of use', 'Using'],
    ['privacy', 'Privacy', 'Privacy collection notice'],
    ['participationAgreement', 'Participation agreement', 'What you agree to'],
  ] as const)('%s opens as its dialog, signed out', async (document, title, heading) => {
    installFakeServer({});
    expect(documentTitles[document as AcceptedDocument]).toBeTruthy();
    renderApp(documentHref(document));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByRole('heading', { name: new RegExp(heading) })).toBeVisible();
  });
});
