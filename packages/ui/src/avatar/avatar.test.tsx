import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Avatar, avatarPixels, avatarSizes } from './avatar.tsx';

describe('Avatar', () => {
  it('draws an initials ball named after the person (docs/product/rules.md#entities initials)', () => {
    renderWithCore(<Avatar givenName="amelia" familyName="nguyen" />);
    const ball = screen.getByRole('img', { name: 'amelia nguyen' });
    expect(ball).toHaveTextContent('AN');
  });

  it('uses only the family initial when there is no given name', () => {
    renderWithCore(<Avatar familyName="Smith" />);
    expect(screen.getByRole('img', { name: 'Smith' })).toHaveTextContent(/^S$/);
  });

  it('shows the photo with the name as alt text', () => {
    renderWithCore(
      <Avatar givenName="Jo" familyName="Bloggs" photo="data:image/png;base64,AAAA" size="lg" />,
    );
    const img = screen.getByRole('img', { name: 'Jo Bloggs' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('width', String(avatarPixels.lg));
  });

  it.each(avatarSizes)('renders size %s at its pixel size', (size) => {
    renderWithCore(<Avatar givenName="A" familyName="B" size={size} />);
    const ball = screen.getByRole('img', { name: 'A B' });
    expect(ball).toHaveAttribute('data-size', size);
    expect(ball).toHaveStyle({ width: `${avatarPixels[size]}px` });
  });

  it('is hidden from assistive technology when decorative', () => {
    renderWithCore(<Avatar givenName="A" familyName="B" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
