import { useParams } from 'react-router';
import { Alert, Card } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { partnerServiceMessages as m, type PartnerServiceDetail } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { formatDateTime } from '#lib/dates.ts';
import { useHistoryOutcome } from '#lib/history-outcome.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { RichText } from '#lib/rich-text.tsx';
import {
  readPartnerServiceOutcome,
  usePartnerService,
  useUpdatePartnerService,
  type PartnerServiceOutcome,
} from '../api/partner-services.ts';
import { PartnerServiceForm } from '../components/partner-service-form.tsx';
import { LogoForm } from '../components/logo-form.tsx';
import { PublishStatementForm } from '../components/publish-statement-form.tsx';

/** One partner service: its details, logo, information use statement versions and identifier systems. */
export function PartnerServicePage() {
  const { id = '' } = useParams();
  const query = usePartnerService(id);
  return (
    <QueryView
      query={query}
      loading={<PageLoading label="Loading the partner service" minHeight="12rem" />}
      thing="the partner service"
      askWhom="a Provider Connect Australia operator"
    >
      {/* Keyed by the partner: another partner's page (Back, a link) starts afresh, so no form, draft or
          outcome of the last one is carried over to it. */}
      {(partner) => <PartnerService key={partner.id} partner={partner} />}
    </QueryView>
  );
}

function PartnerService({ partner }: { partner: PartnerServiceDetail }) {
  const update = useUpdatePartnerService(partner.id);
  // Registering lands here, and a Save brings the form back afresh (keyed by the name) without the button
  // that was pressed: either way a message says what was done and takes focus, so focus is not lost.
  const { alert, setOutcome } = useHistoryOutcome<PartnerServiceOutcome>(
    readPartnerServiceOutcome,
    ({ outcome, name }) => (outcome === 'registered' ? m.registered(name) : m.saved(name)),
  );
  return (
    <Stack gap={3}>
      <Stack gap={1}>
        <H1>{partner.name}</H1>
        <Text as="p" color="muted">
          Code {partner.code}
        </Text>
        {alert}
      </Stack>
      <Stack gap={1.5}>
        <H2>Details</H2>
        <PartnerServiceForm
          key={`${partner.id}-${partner.name}-${partner.role}`}
          mode="edit"
          defaultValues={{
            code: partner.code,
            name: partner.name,
            role: partner.role,
            shownToProviders: partner.shownToProviders,
            contactName: partner.contactName,
            contactEmail: partner.contactEmail,
            contactPhone: partner.contactPhone,
          }}
          saving={update.isPending}
          serverError={update.error}
          onSave={async (values) => {
            const { code: _code, ...details } = values;
            const answer = await update.mutateAsync(details).catch(() => null);
            if (answer) setOutcome({ outcome: 'saved', name: answer.name });
          }}
        />
      </Stack>
      <LogoForm partner={partner} />
      <Stack gap={1.5}>
        <H2>Information use statement</H2>
        {partner.awaitingAcceptance > 0 ? (
          <Alert
            tone="warning"
            title={`${partner.awaitingAcceptance} organisation${partner.awaitingAcceptance === 1 ? ' has' : 's have'} not accepted the latest version`}
          >
            <Text as="p">Nothing of theirs is published to {partner.name} until they do.</Text>
          </Alert>
        ) : null}
        {partner.statements.length === 0 ? (
          <Text as="p">There is no statement yet.</Text>
        ) : (
          partner.statements.map((s, n) => (
            <Card
              key={s.id}
              title={`Version ${s.version}: ${s.title}${n === 0 ? ' (latest)' : ''}`}
              headingLevel="h3"
              variant="outlined"
            >
              <Stack gap={0.75}>
                <Text as="p" color="muted">
                  Published {formatDateTime(s.publishedAt)}
                  {s.publishedBy ? ` by ${s.publishedBy}` : ''}
                </Text>
                {n === 0 ? <RichText html={s.content} /> : null}
              </Stack>
            </Card>
          ))
        )}
        <PublishStatementForm partner={partner} />
      </Stack>
      <Stack gap={1}>
        <H2>Identifier systems</H2>
        {partner.identifierSystems.length === 0 ? (
          <Text as="p">{m.identifierSystemsEmpty}</Text>
        ) : (
          <ul>
            {partner.identifierSystems.map((s) => (
              <li key={s.id}>
                {s.name}: <code>{s.system}</code>
              </li>
            ))}
          </ul>
        )}
        <Text as="p">
          <TextLink href={pages.partners.identifierSystems.href()}>
            Manage identifier systems
          </TextLink>
        </Text>
      </Stack>
    </Stack>
  );
}

export { PartnerServicePage as Component };
