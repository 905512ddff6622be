import { Footer } from '@ag.ds-next/react/footer';
import { Box } from '@ag.ds-next/react/box';
import { Text } from '@ag.ds-next/react/text';
import { useConfig } from '#lib/config.tsx';

/** The build date as an en-AU long date ('d MMMM yyyy'); the raw value if it is not a date. */
function formatBuildDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  }).format(date);
}

/** The shell footer with the copyright line, application version and build date (spec 1 §2.1). */
export function AppFooter() {
  const { productName, version, buildDate } = useConfig();
  const builtOn = formatBuildDate(buildDate);
  const year = new Date(buildDate).getFullYear();
  return (
    <Box palette="dark">
      <Footer background="bodyAlt" maxWidth="containerLg">
        <Text as="p" fontSize="xs">
          &copy; {Number.isNaN(year) ? '' : `${year} `}Commonwealth of Australia. {productName}{' '}
          version {version}, built {builtOn}.
        </Text>
      </Footer>
    </Box>
  );
}
