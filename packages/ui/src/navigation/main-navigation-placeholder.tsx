// Imported here, the navigation's stylesheet travels with the entry's, in the document's head, although only
// signed-in pages use it: loaded with the signed-in shell's script it was inserted by the chunk loader
// mid-load and restyled the page once more (docs/decisions/033-own-navigation-components.md).
import './navigation.css';

/**
 * Holds the navigation bar's place while its code loads and until it is built, so the page does not jump:
 * the bar's own empty row and accent border, so its height (4.5rem below lg, 4rem from lg) and colours come
 * from the same rules as the bar's (navigation.css). A module of its own: the entry shows it, and the bar's
 * code loads only after sign-in (docs/decisions/033-own-navigation-components.md).
 */
export function MainNavigationPlaceholder() {
  return (
    <div className="pca-main-nav" data-testid="main-navigation-placeholder">
      <div className="pca-main-nav__row">
        <div className="pca-main-nav__list" />
      </div>
      <div className="pca-main-nav__border" />
    </div>
  );
}
