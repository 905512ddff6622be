/** The gallery's pages in side-navigation order: route segment and short name (used in the nav and the tab title). */
export const galleryPages = [
  { path: 'home', name: 'Home' },
  { path: 'accordion', name: 'Accordion' },
  { path: 'alerts', name: 'Alerts' },
  { path: 'avatar', name: 'Avatar' },
  { path: 'breadcrumbs', name: 'Breadcrumbs' },
  { path: 'buttons', name: 'Buttons' },
  { path: 'calloutbox', name: 'Callout box' },
  { path: 'card', name: 'Card' },
  { path: 'checkbox', name: 'Checkbox' },
  { path: 'chips', name: 'Chips' },
  { path: 'divider', name: 'Divider' },
  { path: 'footer', name: 'Footer' },
  { path: 'header', name: 'Header' },
  { path: 'ds-input-fields', name: 'Input fields' },
  { path: 'logo', name: 'Logo' },
  { path: 'modal', name: 'Modal' },
  { path: 'navigation', name: 'Navigation' },
  { path: 'profile', name: 'Profile' },
  { path: 'radio', name: 'Radio' },
  { path: 'setup-helper', name: 'Setup helper' },
  { path: 'tables', name: 'Tables' },
  { path: 'tabs', name: 'Tabs' },
  { path: 'toggle', name: 'Toggle' },
  { path: 'tooltips', name: 'Tooltips' },
  { path: 'typography', name: 'Typography' },
  { path: 'expanding-help', name: 'Expanding help' },
  { path: 'time-picker', name: 'Time picker' },
] as const;

/** A gallery page's route segment. */
export type GalleryPath = (typeof galleryPages)[number]['path'];

/** Base path where the web app mounts the gallery. */
export const galleryBase = '/design-system';

/** Product name used in tab titles. */
export const productName = 'Provider Connect Australia';
