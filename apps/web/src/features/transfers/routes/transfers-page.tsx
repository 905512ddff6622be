import { useRef, useState } from 'react';
import { Alert } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useStartTransfer, useTransferOptions } from '../api/transfers.ts';
import { StartTransferFormView } from '../components/start-transfer-form.tsx';
import { TransferList } from '../components/transfer-list.tsx';

/**
 * Transfers (PcaOperator, docs/product/transfers.md): the operator starts moving a location or a healthcare
 * service to another organisation, follows every transfer, and may withdraw one still waiting.
 */
export function TransfersPage() {
  const options = useTransferOptions();
  const start = useStartTransfer();
  const [started, setStarted] = useState<string | null>(null);
  const startedRef = useRef<HTMLDivElement>(null);
  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Transfers</H1>
        <Text as="p">
          Move a location or a healthcare service to another organisation. The receiving
          organisation’s managers accept or decline it; when they accept, its practitioner roles,
          publications and open tasks move with it.
        </Text>
      </Stack>
      {started ? (
        <div ref={startedRef}>
          <Alert tone="success" title={started} onClose={() => setStarted(null)} focusable>
            <Text as="p">The receiving organisation’s managers have been emailed.</Text>
          </Alert>
        </div>
      ) : null}
      <QueryView
        query={options}
        loading={<PageLoading label="Loading organisations" minHeight="8rem" />}
        thing="the organisations"
        askWhom="a Provider Connect Australia operator"
      >
        {(data) => (
          <StartTransferFormView
            options={data}
            saving={start.isPending}
            serverError={start.error}
            onStart={(values) =>
              start.mutateAsync(values).then((t) => {
                setStarted(
                  `The transfer of ${t.entityName} to ${t.to.name} is waiting for an answer`,
                );
                requestAnimationFrame(() =>
                  startedRef.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus(),
                );
              })
            }
          />
        )}
      </QueryView>
      <TransferList empty="No transfers have been started." />
    </Stack>
  );
}

export { TransfersPage as Component };
