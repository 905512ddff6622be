import { describe, expect, it } from 'vitest';
import {
  applyCropAction,
  clampSelection,
  cropKeyAction,
  enlargeSelection,
  initialSelection,
  moveSelection,
  moveSelectionBy,
  outputSide,
  shrinkSelection,
} from './crop-geometry.ts';

const image = { width: 300, height: 200 };
const key = (
  k: string,
  mods: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {},
) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('the crop selection', () => {
  it('starts as the largest square, centred', () => {
    expect(initialSelection(image)).toEqual({ x: 50, y: 0, side: 200 });
    expect(initialSelection({ width: 101, height: 336 })).toEqual({ x: 0, y: 117, side: 101 });
  });

  it('moves by the step and stops at the picture’s edges', () => {
    const start = { x: 50, y: 0, side: 200 };
    expect(moveSelection(start, 'right', 3, image)).toEqual({ x: 53, y: 0, side: 200 });
    expect(moveSelection(start, 'left', 9, image)).toEqual({ x: 41, y: 0, side: 200 });
    expect(moveSelection(start, 'up', 3, image)).toEqual(start);
    expect(moveSelection({ x: 98, y: 0, side: 200 }, 'right', 9, image)).toEqual({
      x: 100,
      y: 0,
      side: 200,
    });
    expect(moveSelection({ x: 10, y: 10, side: 100 }, 'down', 5, image)).toEqual({
      x: 10,
      y: 15,
      side: 100,
    });
    expect(moveSelectionBy({ x: 10, y: 10, side: 100 }, 1000, -1000, image)).toEqual({
      x: 200,
      y: 0,
      side: 100,
    });
  });

  it('enlarges towards the arrow, keeping the opposite edge, and stays square inside the picture', () => {
    const start = { x: 100, y: 50, side: 100 };
    expect(enlargeSelection(start, 'right', 3, image)).toEqual({ x: 100, y: 50, side: 103 });
    expect(enlargeSelection(start, 'left', 3, image)).toEqual({ x: 97, y: 50, side: 103 });
    expect(enlargeSelection(start, 'down', 3, image)).toEqual({ x: 100, y: 50, side: 103 });
    expect(enlargeSelection(start, 'up', 3, image)).toEqual({ x: 100, y: 47, side: 103 });
    // At the bottom edge the square grows upwards instead of leaving the picture.
    expect(enlargeSelection({ x: 100, y: 100, side: 100 }, 'right', 5, image)).toEqual({
      x: 100,
      y: 95,
      side: 105,
    });
    // Never larger than the picture's shorter side, nor past the edge the arrow points at.
    expect(enlargeSelection({ x: 50, y: 0, side: 200 }, 'left', 9, image)).toEqual({
      x: 50,
      y: 0,
      side: 200,
    });
    expect(enlargeSelection({ x: 195, y: 0, side: 100 }, 'right', 9, image)).toEqual({
      x: 195,
      y: 0,
      side: 105,
    });
  });

  it('shrinks towards the arrow, never below 48 pixels', () => {
    const start = { x: 100, y: 50, side: 100 };
    expect(shrinkSelection(start, 'right', 3)).toEqual({ x: 103, y: 50, side: 97 });
    expect(shrinkSelection(start, 'left', 3)).toEqual({ x: 100, y: 50, side: 97 });
    expect(shrinkSelection(start, 'down', 3)).toEqual({ x: 100, y: 53, side: 97 });
    expect(shrinkSelection(start, 'up', 3)).toEqual({ x: 100, y: 50, side: 97 });
    expect(shrinkSelection({ x: 0, y: 0, side: 50 }, 'right', 9)).toEqual({ x: 2, y: 0, side: 48 });
    expect(shrinkSelection({ x: 0, y: 0, side: 48 }, 'up', 9)).toEqual({ x: 0, y: 0, side: 48 });
  });

  it('clamps any selection back inside the picture', () => {
    expect(clampSelection({ x: -5, y: 400, side: 20 }, image)).toEqual({ x: 0, y: 152, side: 48 });
    expect(clampSelection({ x: 250, y: 0, side: 500 }, image)).toEqual({ x: 100, y: 0, side: 200 });
  });

  it('outputs 160 pixels, or the selection’s side when smaller (only scale down)', () => {
    expect(outputSide({ x: 0, y: 0, side: 200 })).toBe(160);
    expect(outputSide({ x: 0, y: 0, side: 160 })).toBe(160);
    expect(outputSide({ x: 0, y: 0, side: 48 })).toBe(48);
  });
});

describe('the cropper’s keys', () => {
  it('arrows move, Shift enlarges, Shift and Alt shrink, digits 1 to 9 set the step', () => {
    expect(cropKeyAction(key('ArrowLeft'))).toEqual({ kind: 'move', direction: 'left' });
    expect(cropKeyAction(key('ArrowUp', { shiftKey: true }))).toEqual({
      kind: 'enlarge',
      direction: 'up',
    });
    expect(cropKeyAction(key('ArrowDown', { shiftKey: true, altKey: true }))).toEqual({
      kind: 'shrink',
      direction: 'down',
    });
    expect(cropKeyAction(key('7'))).toEqual({ kind: 'step', step: 7 });
    expect(cropKeyAction(key('1'))).toEqual({ kind: 'step', step: 1 });
  });

  it('leaves every other key, and Control or Command shortcuts, alone', () => {
    expect(cropKeyAction(key('0'))).toBeNull();
    expect(cropKeyAction(key('Tab'))).toBeNull();
    expect(cropKeyAction(key('Enter'))).toBeNull();
    expect(cropKeyAction(key('ArrowLeft', { ctrlKey: true }))).toBeNull();
    expect(cropKeyAction(key('5', { metaKey: true }))).toBeNull();
  });

  it('applies an action with the current step', () => {
    const start = { x: 50, y: 0, side: 200 };
    expect(applyCropAction(start, { kind: 'move', direction: 'right' }, 7, image)).toEqual({
      x: 57,
      y: 0,
      side: 200,
    });
    expect(applyCropAction(start, { kind: 'shrink', direction: 'right' }, 4, image)).toEqual({
      x: 54,
      y: 0,
      side: 196,
    });
  });
});
