import { useEffect, useId, useRef, useState } from 'react';
import type { NotificationItem } from '@pca/contracts';
import { constants } from '@pca/contracts/constants.ts';
import { Accordion, AccordionItem, AccordionItemContent } from '@pca/ui/primitives/accordion.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Paginator, itemRangeText } from '@pca/ui/paginator/paginator.tsx';
import { RadioGroup } from '@pca/ui/radio/radio.tsx';
import { Tooltip } from '@pca/ui/tooltip/tooltip.tsx';
import { formatDateTime } from '#lib/dates.ts';
import { RichText } from '#lib/rich-text.tsx';
import {
  useArchiveNotification,
  useMarkNotificationRead,
  useNotifications,
  useRefetchNotifications,
  type NotificationsFilter,
} from '../api/notifications.ts';
import { SectionLoading } from '#lib/section-loading.tsx';

/** The Notifications tab's wording (docs/product/features.md#tasks-and-notifications). */
export const notificationTexts = {
  filterLabel: 'Which notifications to show',
  current: 'Show read and unread notifications',
  archived: 'Show archived notifications',
  emptyCurrent: 'There are no read or unread notifications at the moment',
  emptyArchived: 'There are no archived notifications at the moment',
  createdTooltip: 'When this notification was created',
  archive: 'Archive this notification',
  loading: 'Loading notifications',
  loadFailed: 'Your notifications could not be loaded. Try again later.',
  archiveFailed: 'This notification could not be archived. Please try again.',
} as const;

/** How long an archived notification stays in the list (docs/product/features.md, constants). */
export const ARCHIVE_DELAY_MS = 250;

/** The filter's radio name (the checked one takes focus when no notification can). */
const filterName = 'notifications-filter';

/** The notifications' title buttons (each opens its item), in order. */
const titleButtons = (accordion: HTMLElement | null) => [
  ...(accordion?.querySelectorAll<HTMLElement>('h2 > button[aria-controls]') ?? []),
];

/**
 * The Notifications tab: the radio filter, one accordion item a notification (subject, status, created
 * date-time), page size 10. Opening an Unread one marks it read; 'Archive this notification' archives it
 * and takes it out of the list 250 ms later, its focus going to the notification now in its place (else the
 * one before it, else the empty list's message, else the filter). A load error is logged and said quietly,
 * never as an alarm.
 */
export function NotificationsPanel() {
  const [filter, setFilter] = useState<NotificationsFilter>('current');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [read, setRead] = useState<ReadonlySet<string>>(new Set());
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const list = useNotifications(filter, page);
  const markRead = useMarkNotificationRead();
  const archive = useArchiveNotification();
  const refetchLists = useRefetchNotifications();
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  // The notifications shown, in order, and their accordion, to find where an archived one was.
  const shownIds = useRef<string[]>([]);
  const accordionRef = useRef<HTMLDivElement>(null);
  const emptyId = useId();
  // Where the focus an archived notification held goes once it has left the list (a new object each time).
  const [refocus, setRefocus] = useState<{ index: number } | null>(null);

  useEffect(() => {
    // A failed load is logged; the tab says so quietly too (docs/product/features.md#tasks-and-notifications).
    if (list.isError) console.error('Notifications failed to load', list.error);
  }, [list.isError, list.error]);

  const add = (set: ReadonlySet<string>, id: string) => new Set(set).add(id);
  const statusOf = (n: NotificationItem) =>
    n.status === 'Unread' && read.has(n.externalId) ? 'Read' : n.status;

  const toggle = (n: NotificationItem) => {
    if (open.has(n.externalId)) {
      const next = new Set(open);
      next.delete(n.externalId);
      setOpen(next);
      return;
    }
    setOpen(add(open, n.externalId));
    // Unread becomes Read when opened; no call for one already Read or Archived.
    if (statusOf(n) === 'Unread')
      markRead.mutate(n.externalId, {
        onSuccess: () => setRead((current) => add(current, n.externalId)),
      });
  };

  const archiveOne = (n: NotificationItem) =>
    archive.mutate(n.externalId, {
      // Said in its item too, while it is the archive's last answer (below).
      onError: (error) => console.error('Archiving a notification failed', error),
      onSuccess: () => {
        timers.current.push(
          window.setTimeout(() => {
            // Focus in the item that leaves (its Archive button, most often) would fall to the page's start.
            const index = shownIds.current.indexOf(n.externalId);
            const title = titleButtons(accordionRef.current)[index];
            const body = document.getElementById(title?.getAttribute('aria-controls') ?? '');
            const focused = document.activeElement;
            if (title && focused && (title === focused || body?.contains(focused)))
              setRefocus({ index });
            setRemoved((current) => add(current, n.externalId));
            void refetchLists();
          }, ARCHIVE_DELAY_MS),
        );
      },
    });

  useEffect(() => {
    if (!refocus) return;
    const titles = titleButtons(accordionRef.current);
    const target =
      titles[refocus.index] ??
      titles[refocus.index - 1] ??
      document.getElementById(emptyId) ??
      document.querySelector<HTMLElement>(`input[name="${filterName}"]:checked`);
    target?.focus();
  }, [refocus, emptyId]);

  const choose = (value: string) => {
    setFilter(value === 'archived' ? 'archived' : 'current');
    setPage(1);
    setOpen(new Set());
    // What left the read-and-unread list is just what the archived list shows.
    setRemoved(new Set());
  };

  const items = list.data?.items.filter((n) => !removed.has(n.externalId)) ?? [];
  useEffect(() => {
    shownIds.current = items.map((n) => n.externalId);
  });
  const total = list.data?.total ?? 0;
  const pageSize = constants.notificationPageSize;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  // Archiving the last notification of a later page leaves that page empty: the one before it is shown,
  // not an empty list with no way to the others.
  // (State adjusted while rendering, as React advises for state that follows other state.)
  const emptyLaterPage = page > 1 && list.data !== undefined && items.length === 0;
  if (emptyLaterPage && !list.isFetching) setPage(page - 1);

  return (
    <Stack gap={1.5}>
      <RadioGroup
        label={notificationTexts.filterLabel}
        name={filterName}
        // One of the two is always chosen: not an optional question.
        required
        value={filter}
        onChange={choose}
        options={[
          { value: 'current', label: notificationTexts.current },
          { value: 'archived', label: notificationTexts.archived },
        ]}
      />
      {list.isError ? (
        <Text as="p" role="status">
          {notificationTexts.loadFailed}
        </Text>
      ) : list.isPending || emptyLaterPage ? (
        <SectionLoading message={notificationTexts.loading} />
      ) : items.length === 0 ? (
        // Focusable: it takes the focus of the last notification archived from the list.
        <Text as="p" id={emptyId} tabIndex={-1}>
          {filter === 'archived' ? notificationTexts.emptyArchived : notificationTexts.emptyCurrent}
        </Text>
      ) : (
        <Stack gap={1}>
          <div ref={accordionRef}>
            <Accordion>
              {items.map((n) => {
                const status = statusOf(n);
                return (
                  <AccordionItem
                    key={n.externalId}
                    titleHeadingTag="h2"
                    isOpen={open.has(n.externalId)}
                    onToggle={() => toggle(n)}
                    title={
                      <Stack gap={0.25} as="span">
                        <Text as="span" fontWeight={status === 'Unread' ? 'bold' : 'normal'}>
                          {n.subject}
                        </Text>
                        <Flex as="span" gap={1} flexWrap="wrap">
                          <Text as="span" fontSize="sm" color="muted">
                            {status}
                          </Text>
                          {/* The date is in the accordion's button: the button is the tooltip's
                            trigger, described by it and showing it on keyboard focus. */}
                          <Tooltip
                            content={notificationTexts.createdTooltip}
                            trigger="enclosing-control"
                          >
                            <Text as="span" fontSize="sm" color="muted">
                              <time dateTime={n.created}>{formatDateTime(n.created)}</time>
                            </Text>
                          </Tooltip>
                        </Flex>
                      </Stack>
                    }
                  >
                    <AccordionItemContent>
                      <Stack gap={1} alignItems="flex-start">
                        <NotificationMessage html={n.message} />
                        {archive.isError && archive.variables === n.externalId ? (
                          <Text as="p" role="alert" color="error">
                            {notificationTexts.archiveFailed}
                          </Text>
                        ) : null}
                        {n.status !== 'Archived' ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            onClick={() => archiveOne(n)}
                            loading={archive.isPending && archive.variables === n.externalId}
                          >
                            {notificationTexts.archive}
                          </Button>
                        ) : null}
                      </Stack>
                    </AccordionItemContent>
                  </AccordionItem>
                );
              })}
            </Accordion>
          </div>
          <Paginator
            label="Notifications pages"
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => {
              setPage(next);
              setOpen(new Set());
            }}
            itemRangeText={itemRangeText(page, pageSize, total, 'notifications')}
          />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A notification's HTML message: the server sanitised it with the allow-list when it was stored, and RichText
 * sanitises it again with the same list before showing it (docs/decisions/026-notifications.md).
 */
function NotificationMessage({ html }: { html: string }) {
  return <RichText className="notification-message" html={html} />;
}
