import { describe, expect, it, vi } from 'vitest';
import * as real from '@floating-ui/dom';
import * as standIn from './popover-positioning.ts';

/** A reference and a floating element with fixed boxes (jsdom lays nothing out). */
function elements() {
  const box = (x: number, y: number, width: number, height: number) => {
    const el = document.createElement('div');
    el.getBoundingClientRect = () => DOMRect.fromRect({ x, y, width, height });
    document.body.append(el);
    return el;
  };
  return { reference: box(100, 50, 120, 40), floating: box(0, 0, 200, 300) };
}

describe('popover positioning stand-in (docs/decisions/018-critical-path-javascript.md)', () => {
  it('places a popover exactly where the real engine does, with the middleware AgDS Popover uses', async () => {
    const { reference, floating } = elements();
    const apply = vi.fn();
    const middleware = (lib: typeof standIn | typeof real) => [
      lib.offset(8),
      lib.shift({ padding: 1 }),
      lib.flip({ padding: 8 }),
      lib.size({ padding: 8, apply }),
    ];
    const expected = await real.computePosition(reference, floating, {
      placement: 'bottom-start',
      middleware: middleware(real),
    });
    const actual = await standIn.computePosition(reference, floating, {
      placement: 'bottom-start',
      middleware: middleware(standIn),
    });
    expect(actual).toEqual(expected);
    // The size middleware's apply ran for both, with the same available height.
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply.mock.calls[1]?.[0].availableHeight).toBe(apply.mock.calls[0]?.[0].availableHeight);
  });

  it('names its middleware as the real ones are named', () => {
    for (const name of ['offset', 'shift', 'flip', 'size'] as const)
      expect(standIn[name]().name).toBe(real[name]().name);
  });

  it('autoUpdate calls back once loaded, and its clean-up stops it even before then', async () => {
    const { reference, floating } = elements();
    const update = vi.fn();
    const stop = standIn.autoUpdate(reference, floating, update, { elementResize: false });
    await vi.waitFor(() => expect(update).toHaveBeenCalled());
    stop();
    const early = vi.fn();
    standIn.autoUpdate(reference, floating, early, { elementResize: false })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(early).not.toHaveBeenCalled();
  });
});
