import { Breadcrumbs as AgBreadcrumbs } from '@ag.ds-next/react/breadcrumbs';

/** One breadcrumb; the last one (the current page) has no href. */
export type Breadcrumb = {
  /** Text of the crumb. */
  label: string;
  /** Link target; omit for the current page. */
  href?: string;
};

/** Props of Breadcrumbs. */
export type BreadcrumbsProps = {
  /** Crumbs from the top level down to the current page. */
  links: Breadcrumb[];
};

/** The path from the portal's top level to the current page (AgDS Breadcrumbs). */
export function Breadcrumbs({ links }: BreadcrumbsProps) {
  return <AgBreadcrumbs links={links} />;
}
