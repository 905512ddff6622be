import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Flex } from '@ag.ds-next/react/flex';
import { Box } from '@ag.ds-next/react/box';
import { layout } from '@pca/contracts/constants.ts';
import { SideNavigation } from '@pca/ui';
import { galleryBase, galleryPages, type GalleryPath } from './gallery-pages.ts';
import { HomePage } from './pages/home-page.tsx';
import {
  AccordionPage,
  AlertsPage,
  AvatarPage,
  BreadcrumbsPage,
  ButtonsPage,
  CalloutBoxPage,
  CardPage,
  ChipsPage,
  DividerPage,
  ExpandingHelpPage,
} from './pages/content-pages.tsx';
import {
  FooterPage,
  HeaderPage,
  LogoPage,
  ModalPage,
  NavigationPage,
  ProfilePage,
} from './pages/layout-pages.tsx';
import {
  CheckboxPage,
  InputFieldsPage,
  RadioPage,
  TimePickerPage,
  TogglePage,
} from './pages/form-pages.tsx';
import {
  SetupHelperPage,
  TablesPage,
  TabsPage,
  TooltipsPage,
  TypographyPage,
} from './pages/data-pages.tsx';

/** The page component of each gallery route. */
const pageComponents: Record<GalleryPath, () => React.JSX.Element> = {
  home: HomePage,
  accordion: AccordionPage,
  alerts: AlertsPage,
  avatar: AvatarPage,
  breadcrumbs: BreadcrumbsPage,
  buttons: ButtonsPage,
  calloutbox: CalloutBoxPage,
  card: CardPage,
  checkbox: CheckboxPage,
  chips: ChipsPage,
  divider: DividerPage,
  footer: FooterPage,
  header: HeaderPage,
  'ds-input-fields': InputFieldsPage,
  logo: LogoPage,
  modal: ModalPage,
  navigation: NavigationPage,
  profile: ProfilePage,
  radio: RadioPage,
  'setup-helper': SetupHelperPage,
  tables: TablesPage,
  tabs: TabsPage,
  toggle: TogglePage,
  tooltips: TooltipsPage,
  typography: TypographyPage,
  'expanding-help': ExpandingHelpPage,
  'time-picker': TimePickerPage,
};

/** The design-system gallery: a 240 px side navigation and the nested demo pages (mounted at design-system/*). */
export function DesignSystemLayout() {
  const { pathname } = useLocation();
  return (
    <Flex flexDirection={{ xs: 'column', lg: 'row' }} gap={{ xs: 1.5, lg: 3 }}>
      <SideNavigation
        title="Design system"
        titleLink={`${galleryBase}/home`}
        width={layout.demoSideNavWidth}
        activePath={pathname.replace(/\/$/, '')}
        items={galleryPages.map((page) => ({
          label: page.name,
          href: `${galleryBase}/${page.path}`,
        }))}
      />
      <Box flexGrow={1} style={{ minWidth: 0 }}>
        <Routes>
          <Route index element={<Navigate to="home" replace />} />
          {galleryPages.map(({ path }) => {
            const Page = pageComponents[path];
            return <Route key={path} path={path} element={<Page />} />;
          })}
          <Route path="*" element={<Navigate to="home" replace />} />
        </Routes>
      </Box>
    </Flex>
  );
}

/** React Router lazy-route module export. */
export const Component = DesignSystemLayout;
