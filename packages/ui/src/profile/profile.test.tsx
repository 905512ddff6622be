import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Profile } from './profile.tsx';

describe('Profile', () => {
  it('shows the name as a heading, initials and labelled details', () => {
    renderWithCore(
      <Profile
        givenName="Amelia"
        familyName="Nguyen"
        subtitle="General practitioner"
        details={[
          { label: 'Email', value: 'amelia@example.com' },
          { label: 'HPI-I', value: '8003610000000000' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Amelia Nguyen' })).toBeInTheDocument();
    expect(screen.getByText('AN')).toBeInTheDocument();
    expect(screen.getByText('General practitioner')).toBeInTheDocument();
    expect(screen.getByText('Email').closest('dt')).not.toBeNull();
    expect(screen.getByText('amelia@example.com')).toBeInTheDocument();
  });
});
