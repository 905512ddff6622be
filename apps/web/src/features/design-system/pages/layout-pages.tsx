import { useState } from 'react';
import { Stack } from '@ag.ds-next/react/stack';
import { Flex } from '@ag.ds-next/react/flex';
import {
  Button,
  ButtonGroup,
  Footer,
  Header,
  Logo,
  Modal,
  Paginator,
  Profile,
  SideNavigation,
  Stepper,
  Text,
  TextLink,
  itemRangeText,
} from '@pca/ui';
import { GalleryPage, Demo } from '../gallery-page.tsx';

/** Footer demo. */
export function FooterPage() {
  return (
    <GalleryPage
      name="Footer"
      introduction="The site footer with links, acknowledgement of country and copyright."
    >
      <Demo title="Footer with links">
        <Footer
          navLabel="Sample footer"
          year={2026}
          links={[
            { label: 'Privacy', href: '/design-system/footer' },
            { label: 'Accessibility', href: '/design-system/footer' },
            { label: 'Give feedback', href: '/design-system/footer' },
          ]}
        >
          <Text as="p">Need help? Call 1800 000 000.</Text>
        </Footer>
      </Demo>
    </GalleryPage>
  );
}

/** Header demo. */
export function HeaderPage() {
  return (
    <GalleryPage name="Header" introduction="The site header with the product logo.">
      <Demo title="Default">
        <Header href="/design-system/header" />
      </Demo>
      <Demo title="With a badge and right content">
        <Header
          background="body"
          href="/design-system/header"
          badgeLabel="Beta"
          rightContent={<TextLink href="/design-system/header">Sign out</TextLink>}
        />
      </Demo>
    </GalleryPage>
  );
}

/** Logo demo. */
export function LogoPage() {
  return (
    <GalleryPage name="Logo" introduction="The Provider Connect Australia mark.">
      <Demo title="Sizes">
        <Flex gap={2} alignItems="flex-end">
          <Logo height={32} />
          <Logo height={48} />
          <Logo height={96} />
        </Flex>
      </Demo>
    </GalleryPage>
  );
}

/** Modal demo: widths and a dialog that cannot be dismissed by clicking outside. */
export function ModalPage() {
  const [open, setOpen] = useState<'narrow' | 'wide' | 'strict' | null>(null);
  const close = () => setOpen(null);
  return (
    <GalleryPage
      name="Modal"
      introduction="Dialogs trap focus and return it to the button that opened them. Escape closes them."
    >
      <Demo title="Widths and dismissal">
        <ButtonGroup>
          <Button onClick={() => setOpen('narrow')}>Open 470 px dialog</Button>
          <Button variant="secondary" onClick={() => setOpen('wide')}>
            Open 800 px dialog
          </Button>
          <Button variant="tertiary" onClick={() => setOpen('strict')}>
            Open dialog that ignores outside clicks
          </Button>
        </ButtonGroup>
        <Modal
          isOpen={open === 'narrow'}
          onClose={close}
          title="Switch account"
          width={470}
          actions={
            <ButtonGroup>
              <Button onClick={close}>Switch</Button>
              <Button variant="tertiary" onClick={close}>
                Cancel
              </Button>
            </ButtonGroup>
          }
        >
          <Text as="p">You will be switched to managing Dr Amelia Nguyen.</Text>
        </Modal>
        <Modal
          isOpen={open === 'wide'}
          onClose={close}
          title="Cancel import"
          width={800}
          actions={
            <ButtonGroup>
              <Button onClick={close}>Yes, cancel</Button>
              <Button variant="tertiary" onClick={close}>
                No, go back
              </Button>
            </ButtonGroup>
          }
        >
          <Text as="p">Services you have not saved will be lost.</Text>
        </Modal>
        <Modal
          isOpen={open === 'strict'}
          onClose={close}
          title="Accept participation"
          width={950}
          dismissOnClickOutside={false}
          actions={<Button onClick={close}>I accept</Button>}
        >
          <Text as="p">
            Clicking outside this dialog does not close it. Use the buttons or Escape.
          </Text>
        </Modal>
      </Demo>
    </GalleryPage>
  );
}

const demoSteps = ['Find delegate', 'Choose access', 'Review', 'Confirm'];

/** Navigation demo: side navigation, stepper and paginator. */
export function NavigationPage() {
  const [page, setPage] = useState(2);
  const [step, setStep] = useState(1);
  return (
    <GalleryPage
      name="Navigation"
      introduction="Side navigation with a width prop, a stepper for wizards, and a paginator."
    >
      <Demo title="Side navigation (width 240)">
        <SideNavigation
          title="Sample section"
          width={240}
          activePath="/design-system/navigation"
          items={[
            { label: 'Overview', href: '/design-system/home' },
            { label: 'Navigation', href: '/design-system/navigation' },
            { label: 'Tables', href: '/design-system/tables' },
          ]}
        />
      </Demo>
      <Demo title="Stepper, horizontal">
        <Stack gap={1}>
          <Stepper steps={demoSteps} activeIndex={step} label="Horizontal progress" />
          <ButtonGroup>
            <Button
              variant="secondary"
              size="sm"
              disabled={step === 0}
              onClick={() => setStep((s) => s - 1)}
            >
              Previous step
            </Button>
            <Button
              size="sm"
              disabled={step === demoSteps.length}
              onClick={() => setStep((s) => s + 1)}
            >
              Next step
            </Button>
          </ButtonGroup>
        </Stack>
      </Demo>
      <Demo title="Stepper, vertical">
        <Stepper
          steps={demoSteps}
          activeIndex={2}
          orientation="vertical"
          label="Vertical progress"
        />
      </Demo>
      <Demo title="Paginator">
        <Paginator
          page={page}
          totalPages={5}
          onPageChange={setPage}
          label="Sample pages"
          itemRangeText={itemRangeText(page, 10, 47)}
        />
      </Demo>
    </GalleryPage>
  );
}

/** Profile demo. */
export function ProfilePage() {
  return (
    <GalleryPage name="Profile" introduction="A person's avatar, name and details.">
      <Demo title="With details">
        <Profile
          givenName="Amelia"
          familyName="Nguyen"
          subtitle="General practitioner"
          details={[
            { label: 'Email', value: 'amelia.nguyen@example.com' },
            { label: 'Phone', value: '0400 000 000' },
            { label: 'HPI-I', value: '8003 6100 0000 0000' },
          ]}
          actions={<Button variant="secondary">Edit profile</Button>}
        />
      </Demo>
      <Demo title="Family name only">
        <Profile familyName="Papadopoulos" headingLevel="h3" />
      </Demo>
    </GalleryPage>
  );
}
