import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { VerifyInformationTask } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { RadioGroup } from '@pca/ui/radio/radio.tsx';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { useResolveTask, useTask } from '../api/tasks.ts';
import { DismissTaskDialog } from '../components/dismiss-task-dialog.tsx';
import {
  confirmTexts,
  renewTexts,
  taskSubject,
  verifyTexts,
  type TaskOutcome,
} from '../task-texts.ts';

/** tasks-notifications/verify-information/{id} (docs/product/features.md#tasks-and-notifications). */
export function VerifyInformationPage() {
  const { id = '' } = useParams();
  const task = useTask(id);
  return (
    <Stack gap={2}>
      <div>
        <TextLink href={pages.tasks.list.href()}>{verifyTexts.back}</TextLink>
      </div>
      {task.isError ? (
        <>
          <H1>Verify information</H1>
          <ApiErrorAlert
            error={task.error}
            thing="this task"
            onRetry={() => void task.refetch()}
            logMessage="Verify-information task failed to load"
          />
        </>
      ) : task.isPending ? (
        <Loading message="Loading task" />
      ) : task.data.kind === 'OnlineForm' || task.data.taskStatus === 'Dismissed' ? (
        <>
          <H1>Verify information</H1>
          <Alert tone="info" title={verifyTexts.notAvailable}>
            <Text as="p">{verifyTexts.notAvailableDetail}</Text>
          </Alert>
        </>
      ) : task.data.taskStatus === 'Complete' ? (
        <Verified task={task.data} />
      ) : task.data.kind === 'ConfirmDetails' ? (
        <Confirm task={task.data} />
      ) : task.data.kind === 'CredentialExpiry' ? (
        <Renew task={task.data} />
      ) : (
        <Verify task={task.data} />
      )}
    </Stack>
  );
}

/**
 * The page's heading names the task (issue 30), as the list names it; the specification's heading ('Urgent!
 * Action required' and the like) stays, as the line above it in the same heading group.
 */
function TaskHeading({ task, pretext }: { task: VerifyInformationTask; pretext: string }) {
  const subject = taskSubject({
    kind: task.kind,
    entityName: task.entityName,
    propertyDisplayNames: task.properties.map((p) => p.displayName),
  });
  return (
    <hgroup style={{ margin: 0 }}>
      <Stack gap={0.25}>
        <Text
          as="p"
          fontWeight="bold"
          color={task.taskPriorityCode === 'urgent' ? 'error' : 'text'}
        >
          {pretext}
        </Text>
        <H1>{subject}</H1>
      </Stack>
    </hgroup>
  );
}

const priorityText = (task: VerifyInformationTask) =>
  task.taskPriorityCode === 'urgent' ? verifyTexts.urgent : verifyTexts.nonUrgent;

/** The partner's logo, when it has one. */
function PartnerLogo({ task }: { task: VerifyInformationTask }) {
  const logo = task.partnerServiceLogo;
  if (!logo) return null;
  return (
    <img
      src={`data:${logo.mimeType};base64,${logo.data}`}
      alt={logo.description}
      style={{ maxHeight: '4rem', maxWidth: '16rem', alignSelf: 'flex-start' }}
    />
  );
}

const shown = (value: string | null) => (value === null || value === '' ? 'Not provided' : value);

/** An open task: the reason, then the current or the suggested value. */
function Verify({ task }: { task: VerifyInformationTask }) {
  const navigate = useNavigate();
  const resolve = useResolveTask();
  const [choice, setChoice] = useState<'current' | 'suggested' | undefined>();
  const [tried, setTried] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  const partner = task.partnerServiceName ?? 'the partner service';
  const names = task.properties.map((p) => p.displayName).join(', ');
  const current = task.properties
    .map((p) => `${p.displayName}: ${shown(p.currentValue)}`)
    .join('; ');
  const suggested = task.properties.map((p) => `${p.displayName}: ${p.newValue}`).join('; ');
  const toList = () => void navigate(pages.tasks.list.href());
  // The list says what happened, to which entity (issue 30).
  const done = (outcome: TaskOutcome['outcome'], values: string) => () =>
    void navigate(pages.tasks.list.href(), {
      state: {
        outcome,
        entityName: task.entityName,
        values,
        partnerServiceName: task.partnerServiceName,
      } satisfies TaskOutcome,
    });

  const verify = () => {
    setTried(true);
    if (choice === 'suggested')
      resolve.mutate(
        { id: task.id, choice: 'suggested' },
        { onSuccess: done('verified', suggested) },
      );
    else if (choice === 'current') setDismissing(true);
  };

  return (
    <Stack gap={1.5}>
      <TaskHeading task={task} pretext={priorityText(task)} />
      <Text as="p">{verifyTexts.intro(task.entityName)}</Text>
      <PartnerLogo task={task} />
      <Stack gap={0.5}>
        <H2>Reason</H2>
        <Text as="p">{task.reason}</Text>
      </Stack>
      {resolve.isError && !dismissing ? (
        <ApiErrorAlert error={resolve.error} thing="this task" action="save" />
      ) : null}
      <RadioGroup
        name="task-value"
        label={names}
        required
        value={choice}
        onChange={(value) => setChoice(value as 'current' | 'suggested')}
        message={tried && !choice ? verifyTexts.chooseValue : undefined}
        options={[
          { value: 'current', label: `Current value: ${current}` },
          { value: 'suggested', label: `Suggested value from ${partner}: ${suggested}` },
        ]}
      />
      <ButtonGroup>
        <Button loading={resolve.isPending && !dismissing} onClick={verify}>
          Verify
        </Button>
        <Button variant="secondary" onClick={toList}>
          Cancel
        </Button>
      </ButtonGroup>
      <DismissTaskDialog
        isOpen={dismissing}
        partnerServiceName={task.partnerServiceName}
        saving={resolve.isPending}
        serverError={dismissing ? resolve.error : null}
        onClose={() => {
          resolve.reset();
          setDismissing(false);
        }}
        onConfirm={() =>
          resolve.mutate(
            { id: task.id, choice: 'current' },
            { onSuccess: done('dismissed', current) },
          )
        }
      />
    </Stack>
  );
}

/**
 * The portal's own reminder (docs/decisions/027-reminders.md): no partner and no suggested value — the
 * details are confirmed as still current, or changed on the entity's page.
 */
function Confirm({ task }: { task: VerifyInformationTask }) {
  const navigate = useNavigate();
  const resolve = useResolveTask();
  const href = entityHref(task);
  const toList = () => void navigate(pages.tasks.list.href());
  const confirmed = () =>
    void navigate(pages.tasks.list.href(), {
      state: {
        outcome: 'confirmed',
        entityName: task.entityName,
        values: '',
        partnerServiceName: null,
      } satisfies TaskOutcome,
    });
  return (
    <Stack gap={1.5}>
      <TaskHeading task={task} pretext={priorityText(task)} />
      <Text as="p">{confirmTexts.intro(task.entityName)}</Text>
      <Stack gap={0.5}>
        <H2>Reason</H2>
        <Text as="p">{task.reason}</Text>
      </Stack>
      {href ? (
        <div>
          <TextLink href={href}>{confirmTexts.view(task.entityName)}</TextLink>
        </div>
      ) : null}
      {resolve.isError ? (
        <ApiErrorAlert error={resolve.error} thing="this task" action="save" />
      ) : null}
      <ButtonGroup>
        <Button
          loading={resolve.isPending}
          onClick={() =>
            resolve.mutate({ id: task.id, choice: 'confirmed' }, { onSuccess: confirmed })
          }
        >
          {confirmTexts.confirm}
        </Button>
        <Button variant="secondary" onClick={toList}>
          Cancel
        </Button>
      </ButtonGroup>
    </Stack>
  );
}

/**
 * A credential document's expiry reminder: the reason and the way to the document's page, where a new file or
 * new dates complete it (docs/decisions/057-credential-documents.md).
 */
function Renew({ task }: { task: VerifyInformationTask }) {
  return (
    <Stack gap={1.5}>
      <TaskHeading task={task} pretext={priorityText(task)} />
      <Text as="p">{renewTexts.intro(task.entityName)}</Text>
      <Stack gap={0.5}>
        <H2>Reason</H2>
        <Text as="p">{task.reason}</Text>
      </Stack>
      <div>
        {task.managedPractitionersDocument ? (
          // A delegate's copy: the document is another practitioner's, reached by managing them.
          <TextLink href={pages.delegates.manageAccounts.href()}>{renewTexts.manage}</TextLink>
        ) : (
          <TextLink href={pages.profile.editCredentialDocument.href({ id: task.entityId })}>
            {renewTexts.update(task.entityName)}
          </TextLink>
        )}
      </div>
    </Stack>
  );
}

/** The entity's own page, where one exists for its kind (a role's page needs its service too). */
function entityHref(task: VerifyInformationTask): string | null {
  switch (task.entityType) {
    case 'Organisation':
      return pages.organisations.viewParticipating.href({ id: task.entityId });
    case 'HealthcareService':
      return pages.healthcareServices.view.href({ id: task.entityId });
    case 'Location':
      return pages.locations.view.href({ id: task.entityId });
    default:
      return null;
  }
}

/** A completed task: what was verified, and that the partner has it. */
function Verified({ task }: { task: VerifyInformationTask }) {
  const href = entityHref(task);
  return (
    <Stack gap={1.5}>
      <TaskHeading task={task} pretext={verifyTexts.complete} />
      {task.kind === 'CredentialExpiry' ? (
        <Text as="p">{renewTexts.done}</Text>
      ) : task.kind === 'ConfirmDetails' ? (
        <>
          <Text as="p">{confirmTexts.introDone(task.entityName)}</Text>
          <div>
            <Alert tone="success" title={confirmTexts.successTitle}>
              <Text as="p">{confirmTexts.successThanks}</Text>
            </Alert>
          </div>
        </>
      ) : (
        <>
          <Text as="p">{verifyTexts.introDone(task.entityName)}</Text>
          <div>
            <Alert tone="success" title={verifyTexts.successTitle}>
              <Text as="p">{verifyTexts.successThanks}</Text>
              <Text as="p">{verifyTexts.successSent}</Text>
            </Alert>
          </div>
        </>
      )}
      <PartnerLogo task={task} />
      <Stack gap={0.5}>
        {task.properties.map((p) => (
          <Text as="p" key={p.name}>{`${p.displayName}: ${shown(p.currentValue)}`}</Text>
        ))}
      </Stack>
      {href ? (
        <div>
          <TextLink href={href}>{`View ${task.entityName}`}</TextLink>
        </div>
      ) : null}
    </Stack>
  );
}

export { VerifyInformationPage as Component };
