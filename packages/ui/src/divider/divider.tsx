import { Divider as AgDivider } from '@ag.ds-next/react/divider';
import { DividerWithText as AgDividerWithText } from '@ag.ds-next/react/divider-with-text';

/** Props of Divider. */
export type DividerProps = {
  /** Optional text in the middle of the line (e.g. "or"). */
  text?: string;
};

/** A horizontal rule separating content (AgDS Divider / DividerWithText). */
export function Divider({ text }: DividerProps) {
  return text ? <AgDividerWithText>{text}</AgDividerWithText> : <AgDivider />;
}
