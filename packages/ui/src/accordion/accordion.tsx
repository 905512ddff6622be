import type { ReactNode } from 'react';
import {
  Accordion as AgAccordion,
  AccordionItem,
  AccordionItemContent,
} from '@ag.ds-next/react/accordion';

/** One section of an accordion. */
export type AccordionSection = {
  /** Heading text of the section button. */
  title: string;
  /** Section content. */
  content: ReactNode;
  /** Open on first render. */
  initiallyOpen?: boolean;
};

/** Props of Accordion. */
export type AccordionProps = {
  /** The sections, in order. */
  sections: AccordionSection[];
  /** Heading level of the section titles (h2 to h6) to keep the page's heading order. */
  headingLevel?: 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
};

/** Stacked expandable sections (AgDS Accordion). */
export function Accordion({ sections, headingLevel = 'h3' }: AccordionProps) {
  return (
    <AgAccordion>
      {sections.map((section) => (
        <AccordionItem
          key={section.title}
          title={section.title}
          titleHeadingTag={headingLevel}
          isInitiallyOpen={section.initiallyOpen}
        >
          <AccordionItemContent>{section.content}</AccordionItemContent>
        </AccordionItem>
      ))}
    </AgAccordion>
  );
}
