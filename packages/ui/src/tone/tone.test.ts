import { describe, expect, it } from 'vitest';
import { colourSets, toneStyles } from './tone.ts';

describe('tones', () => {
  it('has the six colour sets of docs/product/features.md#feature-constants plus info, each from AgDS palette variables', () => {
    expect(colourSets).toEqual(['neutral', 'secondary', 'tertiary', 'warning', 'success', 'error']);
    for (const tone of [...colourSets, 'info' as const]) {
      expect(toneStyles[tone].background).toMatch(/^var\(--agds-/);
      expect(toneStyles[tone].border).toMatch(/^var\(--agds-/);
    }
  });
});
