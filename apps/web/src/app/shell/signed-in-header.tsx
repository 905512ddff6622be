import { pages } from '@pca/contracts/pages.ts';
import { Fragment, lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  MainNavigation,
  type MainNavigationItem,
  type MainNavigationLink,
} from '@pca/ui/navigation/main-navigation.tsx';
import {
  NavMenuDivider,
  NavMenuGroup,
  NavMenuItem,
  NavMenuItemLink,
  NavMenuPanel,
} from '@pca/ui/navigation/nav-menu.tsx';
import { NotificationBadge } from '@pca/ui/primitives/notification-badge.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { AvatarIcon } from '@pca/ui/primitives/icon.ts';
import { Avatar } from '@pca/ui/avatar/avatar.tsx';
import { useCapabilities } from '#lib/capabilities.ts';
import { useConfig } from '#lib/config.tsx';
import { useCurrentUser } from '#lib/current-user.ts';
import { useUnreadNotificationCount } from '#lib/unread-notifications.ts';
import { Staged } from '#lib/staged.tsx';
import { MainNavigationPlaceholder } from '@pca/ui/navigation/main-navigation-placeholder.tsx';
import {
  headerHighlight,
  publishingLink,
  sideNavLinks,
  type HeaderItem,
} from './navigation-rules.ts';
import { useWideScreen } from './use-wide-screen.ts';

// The confirmation dialogs load when first opened: most page loads never show them.
const LogoutDialog = lazy(async () => ({
  default: (await import('#features/auth/components/logout-dialog.tsx')).LogoutDialog,
}));
const SwitchBackDialog = lazy(async () => ({
  default: (await import('#features/managing/components/switch-back-dialog.tsx')).SwitchBackDialog,
}));

/** 'Managing {name}' in the header while a delegate acts for a practitioner (docs/product/shell.md#layout). */
export function ManagingIndicator() {
  const { data: user } = useCurrentUser();
  const managed = user?.managingPractitioner;
  if (!managed) return null;
  return (
    <Text as="p" data-testid="managing-indicator">
      Managing{' '}
      <strong>
        {managed.givenName} {managed.familyName}
      </strong>
    </Text>
  );
}

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

const HEADER_TARGETS: Record<HeaderItem, string> = {
  home: pages.welcome.dashboard.href(),
  tasks: pages.tasks.list.href(),
  sites: pages.profile.myWorkplaces.href(),
  publishing: pages.publishing.practitioner.href(),
  businesses: pages.organisations.list.href(),
};

/** A bell glyph (AgDS has no bell icon); decorative, the link text names it. */
function BellIcon() {
  return (
    <svg aria-hidden focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none">
      <path
        d="M18 16v-5a6 6 0 1 0-12 0v5l-2 2h16l-2-2Zm-8 4a2 2 0 0 0 4 0"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The bell's label and badge: the unread count sits on the icon (on small screens the bar puts an item's
 * icon above its label), and is spoken as words for screen readers.
 */
function bellItem(count: number | undefined) {
  return {
    href: pages.tasks.list.href(),
    label: 'Notifications',
    beforeElement: (
      <span className="pca-bell" data-testid="bell-icon">
        <BellIcon />
        {count ? (
          <span className="pca-bell-badge" data-testid="bell-badge">
            <NotificationBadge aria-hidden tone="action" value={count} max={99} />
          </span>
        ) : null}
      </span>
    ),
    endElement: count ? <VisuallyHidden>, {count} unread</VisuallyHidden> : undefined,
  };
}

/** A long name is cut with an ellipsis on small screens; the whole name stays its text and tooltip. */
function UserName({ name }: { name: string }) {
  return (
    <span className="pca-user-name" title={name}>
      {name}
    </span>
  );
}

/** The signed-in navigation bar: highlighted sections, About, bell and profile menus (docs/product/shell.md#layout, docs/product/rules.md#permissions). */
export function SignedInNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  const config = useConfig();
  const access = useCapabilities();
  const wide = useWideScreen();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [switchingBack, setSwitchingBack] = useState(false);
  const ready = access.status === 'ready' ? access : null;
  const bell = useUnreadNotificationCount(Boolean(ready?.menu.notificationsBell));

  const highlighted = headerHighlight(location.pathname, location.search);
  const user = ready?.user;
  const caps = ready?.capabilities;
  const menu = ready?.menu;
  const managing = user?.managingPractitioner ?? null;

  const items: MainNavigationLink[] = [{ href: HEADER_TARGETS.home, label: 'Home' }];
  if (menu?.notificationsBell) items.push({ href: HEADER_TARGETS.tasks, label: 'Tasks' });
  if (user && (user.isPractitioner || managing))
    items.push({ href: HEADER_TARGETS.sites, label: 'Sites' });
  if (user && caps?.accessPublishing)
    items.push({ href: publishingLink(user), label: 'Publishing' });
  if (caps?.viewBusinesses) items.push({ href: HEADER_TARGETS.businesses, label: 'Businesses' });
  // The bar marks the item whose href equals activePath; the rules say which one that is.
  const activePath =
    highlighted === 'publishing'
      ? items.find((i) => i.label === 'Publishing')?.href
      : highlighted
        ? HEADER_TARGETS[highlighted]
        : undefined;

  const about = {
    label: 'About',
    dropdown: (
      <NavMenuPanel>
        <NavMenuItemLink href={config.links.learnMore} {...newTab}>
          Learn more about us
        </NavMenuItemLink>
        <NavMenuItemLink href={config.links.detailedSteps} {...newTab}>
          More detailed steps
        </NavMenuItemLink>
        <NavMenuItemLink href={pages.profile.giveFeedback.href()}>Give us feedback</NavMenuItemLink>
      </NavMenuPanel>
    ),
  };

  // Below the lg breakpoint (992 px) the drawer replaces both the bar's items and (below md) the side
  // navigation, and About moves into it to leave room for the bell and profile: it offers them all.
  if (!wide) {
    const known = new Set(items.map((i) => i.href));
    const side = user && caps ? sideNavLinks(user, caps) : [];
    for (const link of side) {
      if (!known.has(link.href)) items.push({ href: link.href, label: link.label });
      known.add(link.href);
    }
    items.push(
      // The bar says ', opens in a new tab' of these itself.
      { href: config.links.learnMore, label: 'Learn more about us', ...newTab },
      { href: config.links.detailedSteps, label: 'More detailed steps', ...newTab },
      { href: pages.profile.giveFeedback.href(), label: 'Give us feedback' },
    );
  }

  const profile: MainNavigationItem = user
    ? {
        label: <UserName name={`${user.givenName} ${user.familyName}`} />,
        // The user's photo once they have one (it changes here as soon as the profile saves it).
        beforeElement: user.photoData ? (
          <Avatar
            givenName={user.givenName}
            familyName={user.familyName}
            photo={user.photoData}
            size="xs"
            decorative
          />
        ) : (
          <AvatarIcon color="action" aria-hidden />
        ),
        dropdown: (
          <NavMenuPanel>
            {menu?.viewProfile ? (
              <NavMenuItemLink href={pages.profile.view.href({ id: user.id })}>
                View profile
              </NavMenuItemLink>
            ) : null}
            {menu?.practitionerProfile && managing ? (
              <NavMenuItemLink href={pages.profile.practitioner.href({ id: managing.id })}>
                Practitioner profile
              </NavMenuItemLink>
            ) : null}
            {menu?.assignDelegate ? (
              <NavMenuItemLink href={pages.delegates.list.href()}>
                Assign a delegate
              </NavMenuItemLink>
            ) : null}
            {menu?.bankAccount && user.practitionerId ? (
              <NavMenuItemLink
                href={pages.profile.bankAccount.href({ practitionerId: user.practitionerId })}
              >
                Bank account
              </NavMenuItemLink>
            ) : null}
            {menu?.credentialDocuments ? (
              <NavMenuItemLink href={pages.profile.credentialDocuments.href()}>
                Credential documents
              </NavMenuItemLink>
            ) : null}
            {menu?.auditEvents ? (
              <NavMenuItemLink href={pages.admin.auditEvents.href()}>Audit events</NavMenuItemLink>
            ) : null}
            {menu?.switchAccounts ? (
              <Fragment>
                <NavMenuDivider />
                <NavMenuGroup label="Switch accounts">
                  <NavMenuItem
                    onClick={() => {
                      // Already on their own account: My account is simply their dashboard.
                      if (managing) setSwitchingBack(true);
                      else void navigate(pages.welcome.dashboard.href());
                    }}
                  >
                    My account
                  </NavMenuItem>
                  <NavMenuItemLink href={pages.delegates.manageAccounts.href()}>
                    Managed accounts
                  </NavMenuItemLink>
                </NavMenuGroup>
                <NavMenuDivider />
              </Fragment>
            ) : null}
            {menu?.systemAdmin ? (
              <NavMenuItemLink href={pages.admin.home.href()}>System admin</NavMenuItemLink>
            ) : null}
            <NavMenuItem onClick={() => setLogoutOpen(true)}>Logout</NavMenuItem>
          </NavMenuPanel>
        ),
      }
    : { label: 'Logout', onClick: () => setLogoutOpen(true) };

  return (
    <Fragment>
      {/* The bar and its menus mount in a commit of their own after the page's first one rather than inside
          it; its data is asked for from the start (lib/staged.tsx). */}
      <Staged placeholder={<MainNavigationPlaceholder />}>
        <MainNavigation
          id="main-nav"
          activePath={activePath}
          items={items}
          secondaryItems={[
            ...(wide ? [about] : []),
            ...(menu?.notificationsBell ? [bellItem(bell.data?.count)] : []),
            profile,
          ]}
        />
      </Staged>
      <Suspense fallback={null}>
        {logoutOpen ? <LogoutDialog isOpen onClose={() => setLogoutOpen(false)} /> : null}
        {switchingBack ? <SwitchBackDialog isOpen onClose={() => setSwitchingBack(false)} /> : null}
      </Suspense>
    </Fragment>
  );
}
