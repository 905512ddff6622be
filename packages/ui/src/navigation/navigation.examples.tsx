import { Stack } from '@ag.ds-next/react/stack';
import { Button, ButtonGroup, Paginator, SideNavigation, Stepper, itemRangeText } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Navigation page. */
export const navigationGallery: GalleryEntry = {
  name: 'Navigation',
  introduction: 'Side navigation with a width prop, a stepper for wizards, and a paginator.',
};

const demoSteps = ['Find delegate', 'Choose access', 'Review', 'Confirm'];

/** Navigation demo: side navigation, stepper and paginator.  */
export function NavigationExamples() {
  const [page, setPage] = useState(2);
  const [step, setStep] = useState(1);
  return (
    <>
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
    </>
  );
}
