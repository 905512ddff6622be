/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderWithCore } from '../test-utils/render.tsx';
import type { GalleryEntry } from './demo.tsx';

// Every component's examples, as the gallery shows them (packages/ui/src/<component>/<component>.examples.tsx).
const modules = import.meta.glob<Record<string, unknown>>('../*/*.examples.tsx', { eager: true });

const examplesOf = (module: Record<string, unknown>) => {
  const entry = Object.entries(module).find(([name]) =>
    name.endsWith('Gallery'),
  )?.[1] as GalleryEntry;
  const Examples = Object.entries(module).find(([name]) => name.endsWith('Examples'))?.[1] as
    ComponentType | undefined;
  return { entry, Examples };
};

describe('component examples', () => {
  it('every component folder with examples is found', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(26);
  });

  it.each(Object.entries(modules).map(([file, module]) => [file, module] as const))(
    '%s renders its titled demos',
    (_file, module) => {
      const { entry, Examples } = examplesOf(module);
      expect(entry.name).not.toBe('');
      expect(entry.introduction).not.toBe('');
      expect(Examples).toBeTypeOf('function');
      const Component = Examples!;
      const { container } = renderWithCore(<Component />);
      const sections = container.querySelectorAll('section[aria-labelledby]');
      expect(sections.length).toBeGreaterThan(0);
      for (const section of sections)
        expect(
          within(section as HTMLElement).getAllByRole('heading', { level: 2 })[0],
        ).toBeVisible();
    },
  );

  it('the avatar examples show every size, by the component itself', async () => {
    const { AvatarExamples } = await import('../avatar/avatar.examples.tsx');
    renderWithCore(<AvatarExamples />);
    for (const size of ['xs', 'sm', 'md', 'lg', 'xl'])
      expect(document.querySelector(`[data-size="${size}"]`)).not.toBeNull();
    expect(screen.getAllByRole('img').length).toBeGreaterThan(0);
  });
});
