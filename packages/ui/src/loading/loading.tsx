import { LoadingDots, LoadingBlanket } from '@ag.ds-next/react/loading';
import { Flex } from '@ag.ds-next/react/flex';
import { Text } from '@ag.ds-next/react/text';

/** Props of Loading. */
export type LoadingProps = {
  /** What is loading, announced politely (e.g. "Loading practitioners"). */
  message?: string;
  /** sm, md or lg dots. */
  size?: 'sm' | 'md' | 'lg';
  /** Cover the whole screen (blocking) instead of showing inline. */
  fullScreen?: boolean;
};

/** A loading indicator with a message, announced through a polite status region. */
export function Loading({ message = 'Loading', size = 'md', fullScreen = false }: LoadingProps) {
  if (fullScreen) {
    return <LoadingBlanket fullScreen label={message} />;
  }
  return (
    <Flex role="status" aria-live="polite" gap={0.75} alignItems="center">
      <LoadingDots size={size} />
      <Text>{message}</Text>
    </Flex>
  );
}
