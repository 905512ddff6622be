import { useEffect, type ReactNode } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { PageTitle } from '@pca/ui';
import { productName } from './gallery-pages.ts';

/** Props of GalleryPage. */
export type GalleryPageProps = {
  /** Short page name, e.g. "Alerts": the tab title unless the page has its own heading. */
  name: string;
  /** Level-one heading and tab title (the home page's welcome); defaults to the name. */
  title?: string;
  /** Lead paragraph. */
  introduction?: string;
  /** The demos. */
  children: ReactNode;
};

/** Sets the tab title to `{name} - Provider Connect Australia`. */
export function useGalleryTitle(name: string): void {
  useEffect(() => {
    const title = `${name} - ${productName}`;
    document.title = title;
    // The shell sets its own title in a parent effect, which runs after this one on first mount.
    const frame = requestAnimationFrame(() => {
      document.title = title;
    });
    return () => cancelAnimationFrame(frame);
  }, [name]);
}

/** One gallery page: tab title, level-one heading, introduction and demo sections. */
export function GalleryPage({ name, title, introduction, children }: GalleryPageProps) {
  // The tab names what the page's heading says: the home page is a welcome, not 'Home'.
  useGalleryTitle(title ?? name);
  return (
    <Stack gap={3}>
      <PageTitle title={title ?? name} introduction={introduction} />
      {children}
    </Stack>
  );
}
