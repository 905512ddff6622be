import { Suspense } from 'react';
import { Footer, FooterDivider } from '@pca/ui/primitives/footer.ts';
import { Box } from '@pca/ui/primitives/box.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { useConfig } from '#lib/config.tsx';
import { footerDialogTitles, type FooterDialog } from '../shell/footer-dialog-kinds.ts';

/** Props of AppFooter. */
export type AppFooterProps = {
  /** Opens one of the footer dialogs; without it (the error page) the dialog links are not shown. */
  onOpenDialog?: (dialog: FooterDialog) => void;
};

const ORDER: FooterDialog[] = ['privacy', 'needHelp', 'accessibility', 'ipNotices'];

/** The shell footer: links opening dialogs, and the copyright line with version and build date (docs/product/shell.md#layout). */
export function AppFooter({ onOpenDialog }: AppFooterProps) {
  const { productName, version, buildDate } = useConfig();
  const built = new Date(buildDate);
  const year = built.getFullYear();
  // en-AU's long date is the product's 'd MMMM yyyy' (docs/product/rules.md#constants): the browser's own
  // formatter, so that the entry script every visit downloads carries no month names
  // (docs/decisions/018-critical-path-javascript.md).
  const builtOn = Number.isNaN(year)
    ? buildDate
    : built.toLocaleDateString('en-AU', { dateStyle: 'long' });
  return (
    <Box palette="dark">
      <Footer background="bodyAlt" maxWidth="containerLg">
        {onOpenDialog ? (
          <nav aria-label="Footer">
            <ul className="pca-footer-links">
              {ORDER.map((dialog) => (
                <li key={dialog}>
                  <Button variant="text" onClick={() => onOpenDialog(dialog)}>
                    {footerDialogTitles[dialog]}
                  </Button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {onOpenDialog ? <FooterDivider /> : null}
        {/* The build date is written in the reader's time zone, which may put it on another day than the
            prerendered page (built in the build machine's): a boundary of its own, so that a difference redraws
            only this line, not the page (docs/decisions/076-prerendered-shell.md). */}
        <Suspense>
          <Text as="p" fontSize="xs">
            &copy; {Number.isNaN(year) ? '' : `${year} `}Commonwealth of Australia. {productName}{' '}
            version {version}, built {builtOn}.
          </Text>
        </Suspense>
      </Footer>
    </Box>
  );
}
