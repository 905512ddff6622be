// The parts of the positioning engine that popover-positioning.ts hands on, loaded when a popover first
// needs them. Named re-exports keep the chunk a plain module (no namespace helper shared with the entry).
export {
  arrow,
  autoPlacement,
  autoUpdate,
  computePosition,
  detectOverflow,
  flip,
  getOverflowAncestors,
  hide,
  inline,
  limitShift,
  offset,
  shift,
  size,
} from '@floating-ui/dom';
