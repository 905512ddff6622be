import {
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { photoLimits, photoMessages } from '@pca/contracts/profile-photo-rules.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { boxPalette, packs } from '@pca/ui/primitives/core.ts';
import {
  applyCropAction,
  cropKeyAction,
  moveSelectionBy,
  type ImageSize,
  type Selection,
} from '../crop-geometry.ts';

/** Props of PhotoCropper. */
export type PhotoCropperProps = {
  /** The picked picture as an image URL (an object URL of the file). */
  src: string;
  /** The picture's sides in pixels. */
  image: ImageSize;
  /** The square selection, in pixels of the picture. */
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  /** Called when the browser cannot show the picture. */
  onLoadError: () => void;
};

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * The round, square cropper of the photo dialog (docs/product/features.md#profile): the picture with the
 * selection drawn as a circle. The crop area takes the keyboard exactly as the specification says
 * (arrows move, Shift and arrows enlarge, Shift, Alt and arrows shrink, digits 1 to 9 set the step); a
 * pointer can drag the selection too. Positions are percentages of the picture, so the picture may be
 * shown at any width.
 */
export function PhotoCropper({
  src,
  image,
  selection,
  onSelectionChange,
  onLoadError,
}: PhotoCropperProps) {
  const helpId = useId();
  const [step, setStep] = useState<number>(photoLimits.cropDefaultStep);
  const [focused, setFocused] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number; from: Selection } | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = cropKeyAction(event);
    if (!action) return;
    // Arrows would scroll the dialog; the keys are the cropper's while it has focus.
    event.preventDefault();
    event.stopPropagation();
    if (action.kind === 'step') setStep(action.step);
    else onSelectionChange(applyCropAction(selection, action, step, image));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      from: selection,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const shown = areaRef.current?.getBoundingClientRect().width;
    if (!start || start.pointerId !== event.pointerId || !shown) return;
    // Screen pixels to the picture's pixels: the picture may be shown smaller than it is.
    const scale = image.width / shown;
    onSelectionChange(
      moveSelectionBy(
        start.from,
        (event.clientX - start.x) * scale,
        (event.clientY - start.y) * scale,
        image,
      ),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <Stack gap={1}>
      <div
        ref={areaRef}
        role="application"
        aria-roledescription="photo cropper"
        aria-label="Crop area"
        aria-describedby={helpId}
        tabIndex={0}
        data-selection-x={selection.x}
        data-selection-y={selection.y}
        data-selection-side={selection.side}
        data-step={step}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        style={{
          position: 'relative',
          width: '100%',
          maxWidth: image.width,
          lineHeight: 0,
          overflow: 'hidden',
          userSelect: 'none',
          touchAction: 'none',
          ...(focused
            ? {
                ...packs.outline,
                outlineStyle: packs.outline.outlineStyle as CSSProperties['outlineStyle'],
              }
            : {}),
        }}
      >
        <img
          src={src}
          alt=""
          width={image.width}
          height={image.height}
          draggable={false}
          onError={onLoadError}
          style={{ width: '100%', height: 'auto', display: 'block' }}
        />
        <div
          data-testid="crop-selection"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          style={{
            position: 'absolute',
            left: percent(selection.x, image.width),
            top: percent(selection.y, image.height),
            width: percent(selection.side, image.width),
            height: percent(selection.side, image.height),
            borderRadius: '50%',
            // The picture outside the circle is dimmed; the circle's edge shows on light and dark pictures.
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.55)',
            outline: `2px dashed ${boxPalette.backgroundBody}`,
            outlineOffset: -2,
            cursor: 'move',
            boxSizing: 'border-box',
          }}
        />
      </div>
      <Text as="p" id={helpId}>
        {photoMessages.keyboardHelp}
      </Text>
      <Text as="p" role="status" aria-live="polite" fontSize="xs" color="muted">
        {`Selection ${selection.side} × ${selection.side} pixels at ${selection.x}, ${selection.y}; step ${step}.`}
      </Text>
    </Stack>
  );
}
