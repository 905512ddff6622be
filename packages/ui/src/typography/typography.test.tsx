import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { H2, PageTitle, Prose, Text, TextLink, VisuallyHidden } from './typography.tsx';

describe('Typography', () => {
  it('PageTitle renders one level-one heading with pretext and introduction', () => {
    renderWithCore(
      <PageTitle title="Delegates" pretext="Account" introduction="People who can act for you." />,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Delegates' })).toBeInTheDocument();
    expect(screen.getByText('People who can act for you.')).toBeInTheDocument();
  });

  it('re-exports AgDS headings, text, links, prose and visually hidden text', () => {
    renderWithCore(
      <Prose>
        <H2>Section</H2>
        <Text as="p">
          Body <TextLink href="/help">help</TextLink>
          <VisuallyHidden> hidden</VisuallyHidden>
        </Text>
      </Prose>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Section' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help' })).toHaveAttribute('href', '/help');
    expect(screen.getByText('hidden')).toBeInTheDocument();
  });
});
