import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Loading } from './loading.tsx';

describe('Loading', () => {
  it('announces its message in a polite status region', () => {
    renderWithCore(<Loading message="Loading practitioners" />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading practitioners');
  });

  it('can cover the screen', () => {
    renderWithCore(<Loading message="Signing you in" fullScreen />);
    expect(screen.getByText('Signing you in')).toBeInTheDocument();
  });
});
