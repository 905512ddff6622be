import { Prose } from '@pca/ui/primitives/prose.ts';
import { dialogWidths } from '@pca/contracts/constants.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { useConfig } from '#lib/config.tsx';
import { footerDialogTitles, type FooterDialog } from './footer-dialog-kinds.ts';

/** Props of FooterDialogs. */
export type FooterDialogsProps = {
  /** The open dialog, or null. */
  open: FooterDialog | null;
  /** Closes it. */
  onClose: () => void;
};

function PrivacyContent() {
  const { productName, support } = useConfig();
  return (
    <Prose>
      <h3>Privacy collection notice</h3>
      <p>
        {productName} collects personal information about healthcare practitioners, their delegates
        and the staff of healthcare organisations so that providers can register, keep their
        business and practitioner details up to date, and choose what is shared with funders, health
        directories and partner services. We collect it under the <em>Privacy Act 1988</em> and
        handle it in line with the Australian Privacy Principles.
      </p>
      <h3>What we collect</h3>
      <ul>
        <li>your name, contact details and the RA number you sign in with;</li>
        <li>
          professional details such as your HPI-I, AHPRA registrations and the sites you work at;
        </li>
        <li>details of the businesses, healthcare services and locations you manage;</li>
        <li>records of the changes you make, kept for audit purposes.</li>
      </ul>
      <h3>How we use and share it</h3>
      <p>
        We use your information to run the portal, verify your identity and professional details,
        and publish the directory information you choose to share. We only disclose it to the
        partner services you have chosen to publish to, to government agencies where the law
        requires or allows it, and to our contracted service providers who are bound by the same
        obligations. We do not sell personal information.
      </p>
      <h3>Access, correction and complaints</h3>
      <p>
        You can view and correct most of your details in the portal. To ask for a copy of your
        information, or to make a privacy complaint, email{' '}
        <a href={`mailto:${support.email}`}>{support.email}</a> or call {support.phone}. If you are
        not satisfied with our response you can contact the Office of the Australian Information
        Commissioner at <a href="https://www.oaic.gov.au">oaic.gov.au</a>.
      </p>
    </Prose>
  );
}

function NeedHelpContent() {
  const { productName, support, links } = useConfig();
  return (
    <Prose>
      <p>
        If you have a question about {productName} or something is not working as you expect, our
        support team can help.
      </p>
      <h3>Contact support</h3>
      <ul>
        <li>
          Email: <a href={`mailto:${support.email}`}>{support.email}</a>
        </li>
        <li>
          Phone: {support.phone} (Monday to Friday, 8:30 am to 5:00 pm AEST, except public holidays)
        </li>
      </ul>
      <p>
        To help us find your details quickly, tell us your name, your RA number and the business or
        practitioner your question is about. Never send passwords or bank details by email.
      </p>
      <h3>Guides</h3>
      <p>
        Step-by-step guides for registering, managing businesses, assigning delegates and publishing
        are available in{' '}
        <a href={links.detailedSteps} target="_blank" rel="noopener noreferrer">
          More detailed steps (opens in a new tab)
        </a>
        .
      </p>
    </Prose>
  );
}

function AccessibilityContent() {
  const { productName, support } = useConfig();
  return (
    <Prose>
      <p>
        We want everyone to be able to use {productName}. The portal is designed and tested to meet
        the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.
      </p>
      <h3>What we do</h3>
      <ul>
        <li>every page can be used with a keyboard alone, and focus is always visible;</li>
        <li>pages work with screen readers and have a clear heading structure and landmarks;</li>
        <li>text and controls have sufficient colour contrast and can be resized to 200%;</li>
        <li>each release is checked with automated accessibility tests and manual reviews.</li>
      </ul>
      <h3>Tell us about a problem</h3>
      <p>
        If you find a part of the portal hard to use, or need information in a different format,
        email <a href={`mailto:${support.email}`}>{support.email}</a> or call {support.phone}. If
        you are deaf, or have a hearing or speech impairment, contact us through the National Relay
        Service.
      </p>
    </Prose>
  );
}

function IpNoticesContent() {
  const { productName } = useConfig();
  return (
    <Prose>
      <h3>Copyright</h3>
      <p>
        &copy; Commonwealth of Australia. The content and software of {productName} are protected by
        copyright. Apart from any use permitted under the <em>Copyright Act 1968</em>, no part may
        be reproduced without written permission.
      </p>
      <h3>Trade marks and logos</h3>
      <p>
        The Commonwealth Coat of Arms, the portal&apos;s name and logo, and the names of partner
        services are used with permission and may not be reused without the owner&apos;s consent.
      </p>
      <h3>Directory information</h3>
      <p>
        Information that providers publish through the portal remains the responsibility of the
        provider who supplied it. Partner services may use published information only for the
        purposes set out in their agreement with the agency.
      </p>
      <h3>Open-source software</h3>
      <p>
        The portal is built with open-source software, including the Australian Government Design
        System (MIT licence), React (MIT licence), React Router (MIT licence) and TanStack Query
        (MIT licence). Their licence notices are distributed with the portal&apos;s source code.
      </p>
    </Prose>
  );
}

/** The terms a person accepts on registering (our summary; the specification gives no text). */
function TermsOfUseContent() {
  const { productName, support } = useConfig();
  return (
    <Prose>
      <h3>Using {productName}</h3>
      <p>
        You may use {productName} to keep your own provider details, and the details of the
        businesses, services and practitioners you are authorised to manage, accurate and up to
        date, and to choose what is shared with partner services.
      </p>
      <h3>Your responsibilities</h3>
      <ul>
        <li>sign in only as yourself, and keep your provider-login credentials to yourself;</li>
        <li>enter information that is true and that you are allowed to share;</li>
        <li>act for a practitioner or business only while you are authorised to;</li>
        <li>do not try to reach information or functions that are not yours to use.</li>
      </ul>
      <h3>Our responsibilities</h3>
      <p>
        We keep the portal available and secure, record changes for audit, and share your
        information only as the privacy notice and your publishing choices allow. We may suspend
        access that breaks these terms.
      </p>
      <h3>Questions</h3>
      <p>
        Email <a href={`mailto:${support.email}`}>{support.email}</a> or call {support.phone}.
      </p>
    </Prose>
  );
}

/** The agreement a practitioner or delegate accepts before sharing (our summary; no text is specified). */
function ParticipationAgreementContent() {
  const { productName } = useConfig();
  return (
    <Prose>
      <h3>Participating in {productName}</h3>
      <p>
        By participating you agree that the information you choose to publish through {productName}{' '}
        may be shared with the partner services you select, such as health directories, funders and
        referral services, for the purposes each partner has stated in its information use
        statement.
      </p>
      <h3>What you agree to</h3>
      <ul>
        <li>
          to keep the details you publish accurate, and to answer partners&apos; requests to verify
          them;
        </li>
        <li>
          that each partner may use what you publish only as its information use statement says;
        </li>
        <li>
          that you can stop publishing to a partner at any time, from your publishing settings;
        </li>
        <li>
          that a delegate acting for you agrees on your behalf within the consents you gave them.
        </li>
      </ul>
    </Prose>
  );
}

const CONTENT: Record<FooterDialog, () => React.JSX.Element> = {
  privacy: PrivacyContent,
  needHelp: NeedHelpContent,
  accessibility: AccessibilityContent,
  ipNotices: IpNoticesContent,
  termsOfUse: TermsOfUseContent,
  participationAgreement: ParticipationAgreementContent,
};

const WIDTHS: Record<FooterDialog, number> = {
  privacy: dialogWidths.privacy,
  needHelp: dialogWidths.needHelp,
  accessibility: dialogWidths.accessibility,
  ipNotices: dialogWidths.ipNotices,
  termsOfUse: dialogWidths.privacy,
  participationAgreement: dialogWidths.privacy,
};

/** The open footer dialog with its content, at its spec width. */
export function FooterDialogs({ open, onClose }: FooterDialogsProps) {
  if (!open) return null;
  const Content = CONTENT[open];
  return (
    <Modal isOpen onClose={onClose} title={footerDialogTitles[open]} width={WIDTHS[open]}>
      <Content />
    </Modal>
  );
}
