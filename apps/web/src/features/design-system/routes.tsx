import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Box } from '@pca/ui/primitives/box.ts';
import { layout } from '@pca/contracts/constants.ts';
import { SideNavigation } from '@pca/ui';
import type { GalleryEntry } from '@pca/ui/gallery/demo.tsx';
import { galleryBase, galleryPages, type GalleryPath } from './gallery-pages.ts';
import { HomePage } from './pages/home-page.tsx';
import { GalleryPage } from './gallery-page.tsx';
import { accordionGallery, AccordionExamples } from '@pca/ui/accordion/accordion.examples.tsx';
import { alertGallery, AlertsExamples } from '@pca/ui/alert/alert.examples.tsx';
import { avatarGallery, AvatarExamples } from '@pca/ui/avatar/avatar.examples.tsx';
import {
  breadcrumbsGallery,
  BreadcrumbsExamples,
} from '@pca/ui/breadcrumbs/breadcrumbs.examples.tsx';
import { buttonGallery, ButtonsExamples } from '@pca/ui/button/button.examples.tsx';
import {
  calloutBoxGallery,
  CalloutBoxExamples,
} from '@pca/ui/callout-box/callout-box.examples.tsx';
import { cardGallery, CardExamples } from '@pca/ui/card/card.examples.tsx';
import { checkboxGallery, CheckboxExamples } from '@pca/ui/checkbox/checkbox.examples.tsx';
import { chipsGallery, ChipsExamples } from '@pca/ui/chips/chips.examples.tsx';
import { dividerGallery, DividerExamples } from '@pca/ui/divider/divider.examples.tsx';
import {
  expandingHelpGallery,
  ExpandingHelpExamples,
} from '@pca/ui/expanding-help/expanding-help.examples.tsx';
import { footerGallery, FooterExamples } from '@pca/ui/footer/footer.examples.tsx';
import { headerGallery, HeaderExamples } from '@pca/ui/header/header.examples.tsx';
import {
  inputFieldsGallery,
  InputFieldsExamples,
} from '@pca/ui/input-fields/input-fields.examples.tsx';
import { logoGallery, LogoExamples } from '@pca/ui/logo/logo.examples.tsx';
import { modalGallery, ModalExamples } from '@pca/ui/modal/modal.examples.tsx';
import { navigationGallery, NavigationExamples } from '@pca/ui/navigation/navigation.examples.tsx';
import { profileGallery, ProfileExamples } from '@pca/ui/profile/profile.examples.tsx';
import { radioGallery, RadioExamples } from '@pca/ui/radio/radio.examples.tsx';
import {
  setupHelperGallery,
  SetupHelperExamples,
} from '@pca/ui/setup-helper/setup-helper.examples.tsx';
import { tableGallery, TablesExamples } from '@pca/ui/table/table.examples.tsx';
import { tabsGallery, TabsExamples } from '@pca/ui/tabs/tabs.examples.tsx';
import {
  timePickerGallery,
  TimePickerExamples,
} from '@pca/ui/time-picker/time-picker.examples.tsx';
import { toggleGallery, ToggleExamples } from '@pca/ui/toggle/toggle.examples.tsx';
import { tooltipGallery, TooltipsExamples } from '@pca/ui/tooltip/tooltip.examples.tsx';
import { typographyGallery, TypographyExamples } from '@pca/ui/typography/typography.examples.tsx';

/** A gallery page: the component's examples (kept beside the component in packages/ui) under its title. */
const gallery = (entry: GalleryEntry, Examples: () => React.JSX.Element) => () => (
  <GalleryPage name={entry.name} introduction={entry.introduction}>
    <Examples />
  </GalleryPage>
);

/** The page component of each gallery route. */
const pageComponents: Record<GalleryPath, () => React.JSX.Element> = {
  home: HomePage,
  accordion: gallery(accordionGallery, AccordionExamples),
  alerts: gallery(alertGallery, AlertsExamples),
  avatar: gallery(avatarGallery, AvatarExamples),
  breadcrumbs: gallery(breadcrumbsGallery, BreadcrumbsExamples),
  buttons: gallery(buttonGallery, ButtonsExamples),
  calloutbox: gallery(calloutBoxGallery, CalloutBoxExamples),
  card: gallery(cardGallery, CardExamples),
  checkbox: gallery(checkboxGallery, CheckboxExamples),
  chips: gallery(chipsGallery, ChipsExamples),
  divider: gallery(dividerGallery, DividerExamples),
  footer: gallery(footerGallery, FooterExamples),
  header: gallery(headerGallery, HeaderExamples),
  'ds-input-fields': gallery(inputFieldsGallery, InputFieldsExamples),
  logo: gallery(logoGallery, LogoExamples),
  modal: gallery(modalGallery, ModalExamples),
  navigation: gallery(navigationGallery, NavigationExamples),
  profile: gallery(profileGallery, ProfileExamples),
  radio: gallery(radioGallery, RadioExamples),
  'setup-helper': gallery(setupHelperGallery, SetupHelperExamples),
  tables: gallery(tableGallery, TablesExamples),
  tabs: gallery(tabsGallery, TabsExamples),
  toggle: gallery(toggleGallery, ToggleExamples),
  tooltips: gallery(tooltipGallery, TooltipsExamples),
  typography: gallery(typographyGallery, TypographyExamples),
  'expanding-help': gallery(expandingHelpGallery, ExpandingHelpExamples),
  'time-picker': gallery(timePickerGallery, TimePickerExamples),
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
