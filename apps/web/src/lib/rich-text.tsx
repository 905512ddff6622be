import { useEffect, useState } from 'react';

// The sanitiser (DOMPurify with the server's allow-list) is its own chunk: it loads with the first rich text shown,
// never with the entry or a page that shows none.
const loadSanitiser = () => import('@pca/ui/input-fields/sanitise-html.ts');

/** Props of RichText. */
export type RichTextProps = {
  /** HTML from the server (a notification's message). */
  html: string;
  /** Class of the wrapping div. */
  className?: string;
};

/**
 * HTML from the server, shown as HTML only after the browser has sanitised it again with the allow-list the
 * server stored it with (packages/contracts/src/rich-text-allow-list.ts), and the content security policy forbids inline
 * script besides (docs/decisions/026-notifications.md). Empty until the sanitiser has loaded.
 */
export function RichText({ html, className }: RichTextProps) {
  const [clean, setClean] = useState<{ html: string; from: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitiser().then(({ sanitiseHtml }) => {
      if (live) setClean({ html: sanitiseHtml(html), from: html });
    });
    return () => {
      live = false;
    };
  }, [html]);
  return (
    <div
      className={className}
      dangerouslySetInnerHTML={{ __html: clean?.from === html ? clean.html : '' }}
    />
  );
}
