import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Divider } from './divider.tsx';

describe('Divider', () => {
  it('renders a separator, optionally with text', () => {
    renderWithCore(
      <>
        <Divider />
        <Divider text="or" />
      </>,
    );
    expect(document.querySelectorAll('hr').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('or')).toBeInTheDocument();
  });
});
