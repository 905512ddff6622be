import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Stepper, VerticalStepper, stepStatus } from './stepper.tsx';

const steps = ['Find delegate', 'Choose access', 'Confirm'];

describe('Stepper', () => {
  it('marks done steps as completed and the current one with aria-current=step', () => {
    renderWithCore(<Stepper steps={steps} activeIndex={1} label="Assign a delegate progress" />);
    const items = within(
      screen.getByRole('list', { name: 'Assign a delegate progress' }),
    ).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Find delegate (completed)');
    expect(items[0]!.querySelector('svg')).not.toBeNull();
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('Choose access (current step)');
    expect(items[2]).toHaveTextContent('Confirm (not started)');
  });

  it('supports vertical and horizontal orientation', () => {
    renderWithCore(
      <>
        <Stepper steps={steps} activeIndex={0} orientation="vertical" label="Vertical" />
        <Stepper steps={steps} activeIndex={3} label="Horizontal" />
      </>,
    );
    expect(screen.getByRole('list', { name: 'Vertical' })).toHaveStyle({ flexDirection: 'column' });
    expect(screen.getByRole('list', { name: 'Horizontal' })).toHaveStyle({ flexDirection: 'row' });
    expect(
      within(screen.getByRole('list', { name: 'Horizontal' })).getAllByText(/\(completed\)/),
    ).toHaveLength(3);
  });

  it('derives status from the active index', () => {
    expect([0, 1, 2].map((i) => stepStatus(i, 1))).toEqual(['done', 'current', 'todo']);
  });

  it('gives each vertical step a section labelled by its heading, with its state and its content', () => {
    renderWithCore(
      <VerticalStepper
        label="Import steps"
        activeIndex={1}
        steps={[
          { id: 's1', title: 'Choose type', content: <p>Type form</p> },
          { id: 's2', title: 'Find business', content: <p>Search form</p> },
          { id: 's3', title: 'Import', content: <p>Import form</p> },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Import steps' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(
      screen.getByRole('heading', { level: 2, name: /^Choose type ?\(completed\)$/ }),
    ).toBeVisible();
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    const current = screen.getByRole('region', { name: /^Find business ?\(current step\)$/ });
    expect(current).toHaveTextContent('Search form');
    expect(items[0]!.querySelector('svg')).not.toBeNull();
    expect(items[2]).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { name: /^Import ?\(not started\)$/ })).toBeVisible();
  });
});
