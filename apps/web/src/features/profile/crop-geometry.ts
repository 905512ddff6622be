import { photoLimits } from '@pca/contracts/profile-photo-rules.ts';

// The photo cropper's selection, in pixels of the picked image: always a square inside the image, never
// smaller than the cropper's minimum, moved and resized by the keys of docs/product/features.md#profile
// (arrows move, Shift enlarges, Shift and Alt shrink, digits set the step). Pure, so it is tested alone.

/** The picked image's sides in pixels. */
export type ImageSize = { width: number; height: number };

/** The square selection: its top-left corner and its side, in pixels of the image. */
export type Selection = { x: number; y: number; side: number };

/** The way an arrow key points. */
export type Direction = 'up' | 'down' | 'left' | 'right';

/** What a key does to the selection, or to the step. */
export type CropKeyAction =
  { kind: 'move' | 'enlarge' | 'shrink'; direction: Direction } | { kind: 'step'; step: number };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The largest square that fits, centred: what the cropper offers first. */
export function initialSelection({ width, height }: ImageSize): Selection {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

/** The selection made valid: a square of at least the minimum side (or the image, if smaller), inside. */
export function clampSelection(
  selection: Selection,
  image: ImageSize,
  minSide: number = photoLimits.cropMinSide,
): Selection {
  const largest = Math.min(image.width, image.height);
  const side = clamp(selection.side, Math.min(minSide, largest), largest);
  return {
    x: clamp(selection.x, 0, image.width - side),
    y: clamp(selection.y, 0, image.height - side),
    side,
  };
}

/** Moves the selection by whole pixels, stopping at the image's edges. */
export function moveSelectionBy(
  selection: Selection,
  dx: number,
  dy: number,
  image: ImageSize,
): Selection {
  return clampSelection(
    { ...selection, x: Math.round(selection.x + dx), y: Math.round(selection.y + dy) },
    image,
  );
}

const delta: Record<Direction, { dx: number; dy: number }> = {
  up: { dx: 0, dy: -1 },
  down: { dx: 0, dy: 1 },
  left: { dx: -1, dy: 0 },
  right: { dx: 1, dy: 0 },
};

/** An arrow: the selection moves one step that way. */
export function moveSelection(
  selection: Selection,
  direction: Direction,
  step: number,
  image: ImageSize,
): Selection {
  const { dx, dy } = delta[direction];
  return moveSelectionBy(selection, dx * step, dy * step, image);
}

/**
 * Shift and an arrow: the edge the arrow points at moves out by the step and the opposite edge stays.
 * The square grows along the other axis too, from its top or left edge, moving back only when it would
 * leave the image there.
 */
export function enlargeSelection(
  selection: Selection,
  direction: Direction,
  step: number,
  image: ImageSize,
): Selection {
  const { x, y, side } = selection;
  const right = x + side;
  const bottom = y + side;
  switch (direction) {
    case 'right': {
      const grown = Math.max(side, Math.min(side + step, image.width - x, image.height));
      return { x, y: Math.min(y, image.height - grown), side: grown };
    }
    case 'left': {
      const grown = Math.max(side, Math.min(side + step, right, image.height));
      return { x: right - grown, y: Math.min(y, image.height - grown), side: grown };
    }
    case 'down': {
      const grown = Math.max(side, Math.min(side + step, image.height - y, image.width));
      return { x: Math.min(x, image.width - grown), y, side: grown };
    }
    case 'up': {
      const grown = Math.max(side, Math.min(side + step, bottom, image.width));
      return { x: Math.min(x, image.width - grown), y: bottom - grown, side: grown };
    }
  }
}

/**
 * Shift, Alt and an arrow: the edge opposite the arrow moves in by the step (the selection shrinks
 * towards where the arrow points), never below the minimum side.
 */
export function shrinkSelection(
  selection: Selection,
  direction: Direction,
  step: number,
  minSide: number = photoLimits.cropMinSide,
): Selection {
  const { x, y, side } = selection;
  const shrunk = Math.min(side, Math.max(minSide, side - step));
  const lost = side - shrunk;
  switch (direction) {
    case 'right':
      return { x: x + lost, y, side: shrunk };
    case 'left':
      return { x, y, side: shrunk };
    case 'down':
      return { x, y: y + lost, side: shrunk };
    case 'up':
      return { x, y, side: shrunk };
  }
}

const arrows: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** The smallest and largest keyboard step (the digit keys 1 to 9). */
export const cropStepRange = { min: 1, max: 9 } as const;

/** What a key press means to the cropper, or null when the cropper leaves it alone. */
export function cropKeyAction(event: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): CropKeyAction | null {
  // Control and Command shortcuts belong to the browser and the screen reader.
  if (event.ctrlKey || event.metaKey) return null;
  if (/^[1-9]$/.test(event.key)) return { kind: 'step', step: Number(event.key) };
  const direction = arrows[event.key];
  if (!direction) return null;
  if (event.shiftKey) return { kind: event.altKey ? 'shrink' : 'enlarge', direction };
  return { kind: 'move', direction };
}

/** Applies a move, enlarge or shrink to the selection. */
export function applyCropAction(
  selection: Selection,
  action: Exclude<CropKeyAction, { kind: 'step' }>,
  step: number,
  image: ImageSize,
): Selection {
  switch (action.kind) {
    case 'move':
      return moveSelection(selection, action.direction, step, image);
    case 'enlarge':
      return enlargeSelection(selection, action.direction, step, image);
    case 'shrink':
      return shrinkSelection(selection, action.direction, step);
  }
}

/** The side of the cropped output: the stored size, or the selection's own when smaller (only scale down). */
export function outputSide(selection: Selection): number {
  return Math.min(photoLimits.outputSide, Math.round(selection.side));
}
