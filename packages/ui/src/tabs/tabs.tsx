import type { ReactNode } from 'react';
import { Tabs as AgTabs, TabButton, TabList, TabPanel, TabPanels } from '@ag.ds-next/react/tabs';

/** One tab. */
export type TabItem = {
  /** Tab label. */
  label: string;
  /** Panel content. */
  content: ReactNode;
  /** Extra element after the label, e.g. a count badge. */
  endElement?: ReactNode;
};

/** Props of Tabs. */
export type TabsProps = {
  /** The tabs, in order. */
  items: TabItem[];
  /** Selected tab (controlled). */
  activeIndex?: number;
  /** Called with the selected tab's index. */
  onChange?: (index: number) => void;
  /** Contained (boxed panel) or not. */
  contained?: boolean;
};

/**
 * Tabs with arrow-key navigation between tab buttons (AgDS Tabs). A tab is known by its place: a label
 * that carries a count ('Notifications (3)') changes without remounting its panel.
 */
export function Tabs({ items, activeIndex, onChange, contained = true }: TabsProps) {
  return (
    <AgTabs activeIndex={activeIndex} onChange={onChange} contained={contained}>
      <TabList>
        {items.map((item, index) => (
          <TabButton key={index} endElement={item.endElement}>
            {item.label}
          </TabButton>
        ))}
      </TabList>
      <TabPanels>
        {items.map((item, index) => (
          <TabPanel key={index}>{item.content}</TabPanel>
        ))}
      </TabPanels>
    </AgTabs>
  );
}
