import { Button, ButtonGroup, Modal, Text } from '@pca/ui';
import { useState } from 'react';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Modal page. */
export const modalGallery: GalleryEntry = {
  name: 'Modal',
  introduction:
    'Dialogs trap focus and return it to the button that opened them. Escape closes them.',
};

/** Modal demo: widths and a dialog that cannot be dismissed by clicking outside.  */
export function ModalExamples() {
  const [open, setOpen] = useState<'narrow' | 'wide' | 'strict' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
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
    </>
  );
}
