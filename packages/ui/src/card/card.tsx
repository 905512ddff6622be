import type { ReactNode } from 'react';
import { ClassNames } from '@emotion/react';
import { Card as AgCard, CardInner, CardLink, CardFooter } from '@ag.ds-next/react/card';
import { Heading } from '@ag.ds-next/react/heading';
import { Stack } from '@ag.ds-next/react/stack';
import { boxPalette } from '@ag.ds-next/react/core';
import { VisuallyHidden } from '@ag.ds-next/react/a11y';

/** Card variants: plain (shadow), outlined (thin border) or selected (outlined with a thicker border). */
export type CardVariant = 'default' | 'outlined' | 'selected';

/** Props of Card. */
export type CardProps = {
  /** Card heading. */
  title?: string;
  /** When given, the title becomes a link and the whole card is clickable. */
  href?: string;
  /** Heading level of the title, to keep the page's heading order. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** default, outlined or selected. */
  variant?: CardVariant;
  /** Card body. */
  children?: ReactNode;
  /** Footer content (actions). */
  footer?: ReactNode;
  /** Render as li inside a card list. */
  as?: 'div' | 'li';
};

/** A content card (AgDS Card); the selected variant has a thicker border and says "selected" to screen readers. */
export function Card({
  title,
  href,
  headingLevel = 'h3',
  variant = 'default',
  children,
  footer,
  as = 'div',
}: CardProps) {
  return (
    <ClassNames>
      {({ css }) => (
        <AgCard
          as={as}
          clickable={Boolean(href)}
          shadow={variant === 'default'}
          footer={footer ? <CardFooter>{footer}</CardFooter> : undefined}
          className={
            variant === 'default'
              ? undefined
              : css({
                  borderStyle: 'solid',
                  borderColor:
                    variant === 'selected' ? boxPalette.selected : boxPalette.borderMuted,
                  borderWidth: variant === 'selected' ? 4 : 1,
                })
          }
        >
          <div data-variant={variant} style={{ display: 'contents' }}>
            <CardInner>
              <Stack gap={1}>
                {title ? (
                  <Heading as={headingLevel} type="h3">
                    {href ? <CardLink href={href}>{title}</CardLink> : title}
                    {variant === 'selected' ? <VisuallyHidden> (selected)</VisuallyHidden> : null}
                  </Heading>
                ) : null}
                {children}
              </Stack>
            </CardInner>
          </div>
        </AgCard>
      )}
    </ClassNames>
  );
}
