import type { ReactNode } from 'react';

/** Props of CardGrid. */
export type CardGridProps = {
  /** The cards, each rendered as a list item (`<Card as="li">`). */
  children: ReactNode;
};

/** A list of cards laid out in a responsive grid: as many 16rem columns as fit. */
export function CardGrid({ children }: CardGridProps) {
  return (
    <ul
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gap: '1.5rem',
        gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
      }}
    >
      {children}
    </ul>
  );
}
