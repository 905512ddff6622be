import type { Transaction } from '../client.ts';
import { storeNotification } from '../notifications.ts';
import { tasks, type TaskEntityType, type TaskProperty } from '../schema/index.ts';
import { demoIds } from './ids.ts';
import { daysFromBase, type World } from './world.ts';

interface TaskTemplate {
  entityType: TaskEntityType;
  entityId: string;
  partner: string;
  reason: string;
  /** A verify-information task's suggestion; absent on an online-form task. */
  property?: TaskProperty;
  /**
   * An online-form task's form, on the partner's own site (docs/decisions/025-tasks.md): a path on the
   * development partner sandbox, which plays MediFund, so the seeded form can be opened and submitted.
   */
  formPath?: string;
}

/** Where the seeded world's partner pages are: the development partner sandbox (`npm start`'s default). */
export const DEFAULT_PARTNER_SANDBOX_URL = 'http://localhost:3004';

const surryHillsGp = demoIds.healthcareService('surry-hills-gp');
const telehealthGp = demoIds.healthcareService('harbour-telehealth-gp');
const clinic = demoIds.location('surry-hills-clinic');
const aliceAtSurryHills = demoIds.practitionerRole('alice', 'surry-hills-gp');
const aliceAtTelehealth = demoIds.practitionerRole('alice', 'harbour-telehealth-gp');

// What partners suggest: the open list starts with the urgent ones.
const OPEN: TaskTemplate[] = [
  {
    entityType: 'HealthcareService',
    entityId: surryHillsGp,
    partner: 'nhsd',
    reason:
      'Several consumers told the directory that the listed phone number for this service is disconnected. The practice website shows a new number.',
    property: { name: 'Phone', displayName: 'Phone', newValue: '0291234888' },
  },
  {
    entityType: 'Location',
    entityId: clinic,
    partner: 'medifund',
    reason:
      'Claim correspondence sent to the listed email address for this location has bounced since last month.',
    property: {
      name: 'Email',
      displayName: 'Email',
      newValue: 'admin@harbourmedical.example.com.au',
    },
  },
  {
    entityType: 'Organisation',
    entityId: demoIds.organisation('harbour-group'),
    // The sandbox plays MediFund: its form accepts only tokens addressed to MediFund, and it reports the
    // form submitted as MediFund (docs/decisions/049-partner-online-form-tasks.md).
    partner: 'medifund',
    reason:
      'MediFund Health Insurance needs the billing details of this organisation for its members. Complete its online form to keep receiving claims.',
    formPath: '/online-form',
  },
  {
    entityType: 'PractitionerRole',
    entityId: aliceAtSurryHills,
    partner: 'nhsd-providers',
    reason:
      'The appointment system for this service lists this practitioner on four days a week, not the number held here.',
    property: { name: 'NumberOfDays', displayName: 'Number of days', newValue: '4' },
  },
];

const COMPLETED: TaskTemplate[] = [
  {
    entityType: 'HealthcareService',
    entityId: telehealthGp,
    partner: 'nhsd',
    reason:
      'The directory holds no after-hours number for this service; one was supplied by the practice during a data-quality call.',
    property: { name: 'AfterHoursPhone', displayName: 'After hours phone', newValue: '1300427263' },
  },
  {
    entityType: 'Organisation',
    entityId: demoIds.organisation('harbour-surry-hills'),
    partner: 'medifund',
    reason:
      'Faxed claim forms to this organisation were not received; the fund has a different fax number on file.',
    property: { name: 'Fax', displayName: 'Fax', newValue: '0291234501' },
  },
  {
    entityType: 'PractitionerRole',
    entityId: aliceAtTelehealth,
    partner: 'health-connect',
    reason: 'Consumers search for this practitioner by the name shown on the practice website.',
    property: { name: 'PreferredName', displayName: 'Preferred name', newValue: 'Dr Alice Nguyen' },
  },
];

const DISMISSED: TaskTemplate[] = [
  {
    entityType: 'HealthcareService',
    entityId: surryHillsGp,
    partner: 'practice-link',
    reason: 'A referrer reported a different website for this service.',
    property: {
      name: 'Website',
      displayName: 'Website',
      newValue: 'https://surryhillsgp.example.com',
    },
  },
  {
    entityType: 'HealthcareService',
    entityId: telehealthGp,
    partner: 'medifund',
    reason: 'A member supplied a different email address for booking telehealth appointments.',
    property: {
      name: 'Email',
      displayName: 'Email',
      newValue: 'bookings@harbourtelehealth.example.com',
    },
  },
];

const cycle = <T>(items: T[], n: number): T => items[n % items.length]!;

/** Alice's verify-information tasks in the counts of the world file (open, completed, dismissed; some urgent). */
export async function seedTasks(
  tx: Transaction,
  world: World,
  partnerSandboxUrl: string = DEFAULT_PARTNER_SANDBOX_URL,
): Promise<void> {
  const { open, completed, dismissed, urgent } = world.bulk.tasksForAlice;
  const alice = demoIds.practitioner('alice');
  const groups = [
    { key: 'open', count: open, status: 'NotComplete' as const, templates: OPEN },
    { key: 'completed', count: completed, status: 'Complete' as const, templates: COMPLETED },
    { key: 'dismissed', count: dismissed, status: 'Dismissed' as const, templates: DISMISSED },
  ];
  let age = 0;
  await tx.insert(tasks).values(
    groups.flatMap((g) =>
      Array.from({ length: g.count }, (_, n) => {
        const t = cycle(g.templates, n);
        age += 3;
        return {
          id: demoIds.task(`${g.key}-${n + 1}`),
          practitionerId: alice,
          entityType: t.entityType,
          entityId: t.entityId,
          status: g.status,
          priorityCode: g.key === 'open' && n < urgent ? ('urgent' as const) : ('low' as const),
          partnerServiceId: demoIds.partnerService(t.partner),
          kind: t.formPath ? ('OnlineForm' as const) : ('VerifyInformation' as const),
          reason: t.reason,
          properties: t.property ? [t.property] : [],
          formUrl: t.formPath ? new URL(t.formPath, partnerSandboxUrl).href : null,
          createdAt: daysFromBase(-age, 35),
          resolvedAt: g.status === 'NotComplete' ? null : daysFromBase(-age + 2, 90),
          // What the partner reads back (docs/decisions/025-tasks.md); the seed does not replay the old
          // value of a dismissed task, so only accepted suggestions carry their values.
          resolvedByUserId: g.status === 'NotComplete' ? null : demoIds.user('alice'),
          outcome:
            g.status === 'Complete'
              ? ('SuggestedValueAccepted' as const)
              : g.status === 'Dismissed'
                ? ('CurrentValueKept' as const)
                : null,
          verifiedValues:
            g.status === 'Complete' && t.property
              ? [{ name: t.property.name, value: t.property.newValue }]
              : null,
        };
      }),
    ),
  );
}

const NOTIFICATIONS: { subject: string; message: string }[] = [
  {
    subject: 'Ben Okafor accepted your delegate invitation',
    message:
      '<p>Ben Okafor is now your delegate and can manage your practitioner details on your behalf.</p><p>You can stop this delegation at any time from <strong>Delegates</strong>.</p>',
  },
  {
    subject:
      'Harbour General Practice Surry Hills published to the National Health Services Directory',
    message:
      '<p>Your healthcare service <strong>Harbour General Practice Surry Hills</strong> is now listed in the National Health Services Directory.</p><p>Changes you make in Provider Connect Australia are sent to the directory automatically.</p>',
  },
  {
    subject: 'New information use statement from the National Health Services Directory',
    message:
      '<p>The National Health Services Directory has published a new version of its information use statement.</p><p>Review and accept it under <strong>Partner services</strong> to keep publishing new practitioners automatically.</p>',
  },
  {
    subject: 'A partner service asked you to verify details',
    message:
      '<p>A partner service has suggested a change to one of your healthcare services.</p><p>Open <a href="/tasks-notifications/tasks">Tasks</a> to review the suggestion.</p>',
  },
  {
    subject: 'Your practitioner details were updated',
    message:
      '<p>Your delegate <strong>Ben Okafor</strong> updated your phone number on your behalf.</p><p>If you did not expect this change, contact your delegate or the support team.</p>',
  },
  {
    subject: 'MediFund Health Insurance now receives your service details',
    message:
      '<p>Harbour Medical Group subscribed to <strong>MediFund Health Insurance</strong>. Your service offerings at Harbour services are shared with the fund.</p>',
  },
  {
    subject: 'Reminder: confirm your details are current',
    message:
      '<p>It has been 12 months since your details were last confirmed.</p><ul><li>Check your service offerings</li><li>Check your contact details</li></ul>',
  },
  {
    subject: 'Delegate invitation sent to Dana Wu',
    message:
      '<p>We emailed an invitation to <strong>dana.wu@example.com</strong>. Dana needs to sign in with her provider-login account to accept it.</p>',
  },
  {
    subject: 'Scheduled maintenance on Saturday night',
    message:
      '<p>Provider Connect Australia will be unavailable on Saturday from 10 pm to 2 am (AEDT) for scheduled maintenance.</p>',
  },
];

/** Alice's notifications in the world's counts (unread, read, archived), newest unread first. */
export async function seedNotifications(tx: Transaction, world: World): Promise<void> {
  const { unread, read, archived } = world.bulk.notificationsForAlice;
  const alice = demoIds.practitioner('alice');
  const statuses = [
    ...Array<'Unread'>(unread).fill('Unread'),
    ...Array<'Read'>(read).fill('Read'),
    ...Array<'Archived'>(archived).fill('Archived'),
  ];
  await storeNotification(
    tx,
    statuses.map((status, n) => {
      // No test message is seeded: what a person sees is what a partner would send (issue 30). The
      // notification journey sends its unsafe message through the partner API instead.
      const template = cycle(NOTIFICATIONS, n);
      return {
        id: demoIds.notification(n),
        practitionerId: alice,
        externalId: `NTF-${String(100_245 + n).padStart(8, '0')}`,
        subject: template.subject,
        message: template.message,
        status,
        createdAt: daysFromBase(-(n * 4 + 1), -n * 47),
      };
    }),
  );
}
