import { Tabs, Text } from '@pca/ui';
import { Demo, type GalleryEntry } from '../gallery/demo.tsx';

/** The gallery's Tabs page. */
export const tabsGallery: GalleryEntry = {
  name: 'Tabs',
  introduction: 'Arrow keys move between tabs; Enter or Space selects one.',
};

/** Tabs demo.  */
export function TabsExamples() {
  return (
    <>
      <Demo title="Contained tabs">
        <Tabs
          items={[
            { label: 'Tasks', content: <Text as="p">You have 2 tasks to complete.</Text> },
            { label: 'Notifications', content: <Text as="p">You have no new notifications.</Text> },
            { label: 'Archive', content: <Text as="p">Archived items appear here.</Text> },
          ]}
        />
      </Demo>
      <Demo title="Uncontained tabs">
        <Tabs
          contained={false}
          items={[
            { label: 'Details', content: <Text as="p">Practitioner details.</Text> },
            { label: 'Workplaces', content: <Text as="p">Where they practise.</Text> },
          ]}
        />
      </Demo>
    </>
  );
}
