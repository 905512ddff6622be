import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion, AccordionItem, AccordionItemContent } from '@pca/ui/primitives/accordion.ts';
import { renderWithCore } from '@pca/ui/test-utils/render.tsx';
import { PractitionerHeader } from './practitioner-header.tsx';

const practitioner = {
  id: '0d6a2c55-51a6-4a0e-9f61-7a2d4b8c9e01',
  givenName: 'Callum',
  familyName: 'Ali',
  hpiiIdentifier: '8003619370328095',
  photoData: null,
  serviceOfferings: [],
};

describe('PractitionerHeader in the practitioners accordion', () => {
  it('is a toggle: a button with aria-expanded and a chevron, never a link, its name not link-styled', async () => {
    renderWithCore(
      <Accordion>
        <AccordionItem title={<PractitionerHeader practitioner={practitioner} />}>
          <AccordionItemContent>Roles of Callum</AccordionItemContent>
        </AccordionItem>
      </Accordion>,
    );
    const toggle = screen.getByRole('button', { name: /Ali, Callum/ });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(toggle).not.toHaveAttribute('href');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The chevron is the toggle's own affordance.
    expect(toggle.querySelector('svg[aria-hidden="true"]')).not.toBeNull();

    const name = within(toggle).getByTestId('practitioner-name');
    expect(name).toHaveTextContent('Ali, Callum');
    // An inline-block is not underlined by its ancestor's text-decoration; the colour is body text.
    expect(name).toHaveStyle({ display: 'inline-block' });
    // …and it is not itself a flex item, which the row's flex layout would turn back into a block.
    expect(name.parentElement).not.toHaveStyle({ display: 'flex' });
    expect(name.parentElement?.parentElement).toHaveStyle({ display: 'flex' });
    expect(name.style.color).toBe('var(--agds-foreground-text)');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Roles of Callum')).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
