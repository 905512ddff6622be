import { useState } from 'react';
import { Button, CalloutBox } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { clientSystemMessages, type IssuedClientSecret } from '@pca/contracts';
import { SummaryItem } from '#lib/business/summary.tsx';

/** Props of IssuedSecret. */
export type IssuedSecretProps = {
  issued: IssuedClientSecret;
  /** Hides the secret for good. */
  onDone: () => void;
};

/** A secret just issued, shown once with a copy button: the portal keeps only its hash. */
export function IssuedSecret({ issued, onDone }: IssuedSecretProps) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard
      .writeText(issued.clientSecret)
      .then(() => setCopied('copied'))
      .catch(() => setCopied('failed'));
  return (
    <section aria-labelledby="issued-secret-title" tabIndex={-1} id="issued-secret">
      <CalloutBox tone="info">
        <Stack gap={1}>
          <h2 id="issued-secret-title" style={{ margin: 0 }}>
            {clientSystemMessages.secretOnce}
          </h2>
          <Text as="p">{clientSystemMessages.secretOnceDetail}</Text>
          <SummaryList>
            <SummaryItem term="Client system">
              {/* A name without spaces (up to 200 characters) must not widen the page past a phone's width. */}
              <span style={{ overflowWrap: 'anywhere' }}>{issued.clientSystem.name}</span>
            </SummaryItem>
            <SummaryItem term="Client ID">
              <code>{issued.clientId}</code>
            </SummaryItem>
            <SummaryItem term="Client secret">
              <code data-testid="client-secret" style={{ wordBreak: 'break-all' }}>
                {issued.clientSecret}
              </code>
            </SummaryItem>
          </SummaryList>
          <div>
            <Button variant="secondary" onClick={() => void copy()}>
              Copy secret
            </Button>
          </div>
          <Text as="p" role="status">
            {copied === 'copied'
              ? 'The secret is copied to the clipboard.'
              : copied === 'failed'
                ? 'The secret could not be copied: select it and copy it yourself.'
                : ''}
          </Text>
          <div>
            <Button onClick={onDone}>I have kept the secret</Button>
          </div>
        </Stack>
      </CalloutBox>
    </section>
  );
}
