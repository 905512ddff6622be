import { Box } from '@ag.ds-next/react/box';

/**
 * Height of the navigation bar: AgDS MainNav's bar and its accent border measure 4.5rem below lg (the shell's
 * stylesheet sets the bar to 4rem there) and 4rem from lg.
 */
const NAV_HEIGHT = { xs: '4.5rem', lg: '4rem' } as const;

/**
 * Holds the navigation bar's place while its code loads and until it is built, so the page does not jump. A
 * module of its own: the entry shows it, and the bar's code loads only after sign-in
 * (docs/decisions/036-one-navigation.md).
 */
export function MainNavigationPlaceholder() {
  return <Box background="bodyAlt" height={NAV_HEIGHT} data-testid="main-navigation-placeholder" />;
}
