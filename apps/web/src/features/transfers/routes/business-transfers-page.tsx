import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TransferList } from '../components/transfer-list.tsx';

/**
 * Transfers of my businesses (organisation managers, docs/product/transfers.md): the locations and services
 * the operator is moving to or from the organisations they manage; the receiving side accepts or declines.
 */
export function BusinessTransfersPage() {
  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Transfers of my businesses</H1>
        <Text as="p">
          Locations and healthcare services the Provider Connect Australia operator is moving to or
          from the businesses you manage. When one is coming to your business, check it and accept
          or decline it: once accepted, it is yours with its practitioner roles and open tasks, and
          anything it published to a partner whose information use statement you have not accepted
          is paused.
        </Text>
      </Stack>
      <TransferList empty="No locations or services are being transferred to or from your businesses." />
    </Stack>
  );
}

export { BusinessTransfersPage as Component };
