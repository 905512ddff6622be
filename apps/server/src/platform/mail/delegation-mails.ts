import type { DelegationConsent } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { escapeHtml as escape } from '#lib/escape-html.ts';
import type { OutgoingMail } from '#platform/outbox.ts';

/** Who a delegation mail is about: the practitioner and the person they delegate to. */
export interface DelegationMailParties {
  practitioner: { givenName: string; familyName: string };
  delegate: { givenName: string; email: string };
}

/** Mail of the delegation changes (docs/product/features.md#delegation), plain text with an HTML twin. */
export function delegationMails(productName: string, publicUrl: string) {
  const fullName = (p: { givenName: string; familyName: string }) =>
    `${p.givenName} ${p.familyName}`;
  const link = (href: string) => `${publicUrl}${href}`;

  /** Builds a mail from paragraphs; a paragraph that is a list renders as one. */
  function compose(
    to: string,
    subject: string,
    paragraphs: Array<string | string[]>,
  ): OutgoingMail {
    const text = paragraphs
      .map((p) => (Array.isArray(p) ? p.map((item) => `- ${item}`).join('\n') : p))
      .join('\n\n');
    const html = paragraphs
      .map((p) =>
        Array.isArray(p)
          ? `<ul>${p.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`
          : `<p>${escape(p).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`,
      )
      .join('\n');
    return { to, subject, text: `${text}\n`, html };
  }

  return {
    /** An invitation (new or resent): what the delegate may do and the link that opens it. */
    invitation(
      { practitioner, delegate }: DelegationMailParties,
      consent: DelegationConsent,
      invitationId: string,
      resent: boolean,
    ) {
      return compose(
        delegate.email,
        `${resent ? 'Reminder: ' : ''}${fullName(practitioner)} invites you to be their delegate in ${productName}`,
        [
          `Hello ${delegate.givenName},`,
          `${fullName(practitioner)} has invited you to act as their delegate in ${productName}. As their delegate you may act on their behalf for the following delegations:`,
          consent.items,
          `To accept or decline, sign in with your provider-login account: ${link(pages.welcome.dashboard.href({ delegateInvitationId: invitationId }))}`,
        ],
      );
    },

    /** A connection added as a delegate straight away. */
    added({ practitioner, delegate }: DelegationMailParties, consent: DelegationConsent) {
      return compose(
        delegate.email,
        `${fullName(practitioner)} has made you their delegate in ${productName}`,
        [
          `Hello ${delegate.givenName},`,
          `${fullName(practitioner)} has made you their delegate in ${productName}. You may now act on their behalf for the following delegations:`,
          consent.items,
          `Choose Managed accounts after you sign in: ${link(pages.delegates.manageAccounts.href())}`,
        ],
      );
    },

    /** A stopped delegate is re-assigned. */
    reassigned({ practitioner, delegate }: DelegationMailParties, consent: DelegationConsent) {
      return compose(
        delegate.email,
        `${fullName(practitioner)} has re-assigned you as their delegate in ${productName}`,
        [
          `Hello ${delegate.givenName},`,
          `${fullName(practitioner)} has re-assigned you as their delegate in ${productName}. You may again act on their behalf for the following delegations:`,
          consent.items,
          `Choose Managed accounts after you sign in: ${link(pages.delegates.manageAccounts.href())}`,
        ],
      );
    },

    /** Confirms a stopped delegation. */
    stopped({ practitioner, delegate }: DelegationMailParties, consent: DelegationConsent) {
      return compose(
        delegate.email,
        `${fullName(practitioner)} has stopped your delegation in ${productName}`,
        [
          `Hello ${delegate.givenName},`,
          `${fullName(practitioner)} has stopped your delegation in ${productName}. Your access to the following tasks has ceased:`,
          consent.items,
        ],
      );
    },

    /** An invitation withdrawn, or a details update declined. */
    cancelled({ practitioner, delegate }: DelegationMailParties, declinedUpdate: boolean) {
      return compose(
        delegate.email,
        declinedUpdate
          ? `${fullName(practitioner)} declined the updated details of your delegation in ${productName}`
          : `${fullName(practitioner)} has cancelled your delegate invitation in ${productName}`,
        [
          `Hello ${delegate.givenName},`,
          declinedUpdate
            ? `${fullName(practitioner)} did not accept the updated details of your delegate account, so the delegation has been cancelled.`
            : `${fullName(practitioner)} has cancelled the invitation to act as their delegate in ${productName}. You do not need to do anything.`,
        ],
      );
    },

    /** The delegate's updated full name was accepted. */
    detailsUpdated({ practitioner, delegate }: DelegationMailParties) {
      return compose(
        delegate.email,
        `${fullName(practitioner)} accepted your updated details in ${productName}`,
        [
          `Hello ${delegate.givenName},`,
          `${fullName(practitioner)} accepted your updated full name. You are now their delegate in ${productName}: choose Managed accounts after you sign in: ${link(pages.delegates.manageAccounts.href())}`,
        ],
      );
    },

    /** To the practitioner: the invitee's name differs from the invitation; accept or decline it. */
    detailsUpdateRequest(
      practitionerEmail: string,
      practitioner: { givenName: string },
      invited: { givenName: string; familyName: string },
      actual: { givenName: string; familyName: string },
      delegationId: string,
    ) {
      const answer = (accept: boolean) =>
        link(
          pages.delegates.detailsUpdateResponse.href({
            id: delegationId,
            accept: String(accept),
          }),
        );
      return compose(practitionerEmail, `Your delegate's details have changed in ${productName}`, [
        `Hello ${practitioner.givenName},`,
        `You invited ${fullName(invited)} as your delegate. They signed in as ${fullName(actual)} and accepted the invitation. Please confirm the updated full name before they can act for you.`,
        `Accept the updated details: ${answer(true)}`,
        `Decline the updated details: ${answer(false)}`,
      ]);
    },
  };
}
