import { Box } from '@pca/ui/primitives/box.ts';

/**
 * Height of the navigation bar: the bar (packages/ui MainNavigation) and its bottom border measure 4.5rem
 * below lg and 4rem from lg (navigation.css).
 */
const NAV_HEIGHT = { xs: '4.5rem', lg: '4rem' } as const;

/** Holds the navigation bar's place while its code loads and until it is built, so the page does not jump. */
export function NavPlaceholder() {
  return <Box background="bodyAlt" height={NAV_HEIGHT} />;
}
