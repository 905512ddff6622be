/**
 * Why a route guard sent someone elsewhere. The guard adds `?reason=` to where it sends them and that
 * page says why (docs/decisions/011-errors-people-see.md): a silent redirect reads like a broken link.
 */
export type RedirectReason =
  | 'admin'
  | 'admin-while-managing'
  | 'delegates'
  | 'delegates-while-managing'
  | 'email'
  | 'key-contacts'
  | 'key-contacts-while-managing'
  | 'managing-ended'
  | 'organisation-manager';

/** The query parameter carrying the reason. */
export const redirectReasonParam = 'reason';

/** What the landing page says for each reason. */
export const redirectNotices: Record<RedirectReason, { title: string; detail: string }> = {
  admin: {
    title: 'You do not have access to the admin area.',
    detail: 'Only Provider Connect Australia operators can open it.',
  },
  'admin-while-managing': {
    title: 'You do not have access to the admin area while you act for a practitioner.',
    detail: 'Switch back to your own account to open it.',
  },
  delegates: {
    title: 'Only practitioners can assign delegates.',
    detail:
      'Delegates act for a practitioner. Register as a practitioner from your profile to assign one.',
  },
  'delegates-while-managing': {
    title: 'You cannot manage delegates while you act for a practitioner.',
    detail:
      'Only the practitioner can assign or stop their delegates. Switch back to your own account to manage yours.',
  },
  email: {
    title: 'Your account needs an email address first.',
    detail: 'Complete your registration on this page, then open the page you asked for again.',
  },
  'key-contacts': {
    title: 'You do not have access to key contacts.',
    detail:
      'Only managers of a business approved to publish keep its key contacts. Ask an administrator of the business to give you access.',
  },
  'key-contacts-while-managing': {
    title: 'You cannot keep key contacts while you act for a practitioner.',
    detail: 'Switch back to your own account to open them.',
  },
  // The API refused a request made for a practitioner who has stopped the delegation, and switched the session
  // back to the delegate's own account (docs/product/features.md#delegation).
  'managing-ended': {
    title: 'You are back in your own account.',
    detail: 'The practitioner you were managing has stopped your delegation.',
  },
  'organisation-manager': {
    title: 'You do not have access to import services for that organisation.',
    detail:
      'Only managers of the organisation can import its services. Ask an administrator of the business to give you access.',
  },
};

/** `path` with the reason added to its query. */
export function withRedirectReason(path: string, reason: RedirectReason): string {
  const url = new URL(path, 'http://local');
  url.searchParams.set(redirectReasonParam, reason);
  return `${url.pathname}${url.search}`;
}

/** The notice named by the query, or null when it names none (or one this version does not know). */
export function redirectNoticeOf(
  search: URLSearchParams,
): { title: string; detail: string } | null {
  const reason = search.get(redirectReasonParam);
  return reason && Object.hasOwn(redirectNotices, reason)
    ? redirectNotices[reason as RedirectReason]
    : null;
}
