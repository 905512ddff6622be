import { forwardRef, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import type { LinkProps } from '@pca/ui/primitives/core.ts';

/** Hrefs the SPA router must not handle: other origins, schemes (mailto:, tel:), fragments and the API. */
const DOCUMENT_HREF = /^(?:[a-z][a-z\d+.-]*:|\/\/|#|\/api\/)/i;

/**
 * An in-app anchor navigated by the router. Built on useLinkClickHandler rather than <Link> because
 * <Link> carries framework-mode prefetch machinery this SPA never uses (it costs the signed-out page JS).
 */
const RouterAnchor = forwardRef<HTMLAnchorElement, LinkProps & { href: string }>(
  function RouterAnchor({ href, onClick, target, ...props }, ref) {
    const resolved = useHref(href);
    const handleNavigation = useLinkClickHandler<HTMLAnchorElement>(href, { target });
    function handleClick(event: MouseEvent<HTMLAnchorElement>) {
      onClick?.(event);
      if (!event.defaultPrevented) handleNavigation(event);
    }
    return <a ref={ref} href={resolved} target={target} onClick={handleClick} {...props} />;
  },
);

/** AgDS `linkComponent`: in-app hrefs navigate through React Router, everything else is a plain anchor. */
export const RouterLinkAdapter = forwardRef<HTMLAnchorElement, LinkProps>(
  function RouterLinkAdapter({ href, ...props }, ref) {
    if (href === undefined || DOCUMENT_HREF.test(href))
      return <a ref={ref} href={href} {...props} />;
    return <RouterAnchor ref={ref} href={href} {...props} />;
  },
);
