import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { CalloutBox } from './callout-box.tsx';

describe('CalloutBox', () => {
  it('renders its title and content in both tones', () => {
    renderWithCore(
      <>
        <CalloutBox title="Before you start">You will need your HPI-I.</CalloutBox>
        <CalloutBox tone="info" title="Did you know?">
          Delegates can manage your profile.
        </CalloutBox>
      </>,
    );
    expect(screen.getByText('Before you start')).toBeInTheDocument();
    expect(screen.getByText('You will need your HPI-I.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Information' })).toBeInTheDocument();
  });
});
