/** Route metadata read by the layout and the shell (page title, breadcrumb parent). */
export type RouteHandle = {
  /** Shown as `{title} - {product name}` in the browser tab. */
  title?: string;
  /** Breadcrumb parent route path. */
  parent?: string | undefined;
};
