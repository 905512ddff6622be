/**
 * HTML of the development provider's pages. They look like an Australian Government service (AgDS gold
 * theme colours, system fonts) and carry no inline script or style, so a strict CSP applies to them.
 */
import type { DemoIdentity } from './identities.ts';

/** The service name shown in the header and page titles. */
export const SERVICE_NAME = 'Provider login (development)';

/** Path of the provider's stylesheet. */
export const STYLESHEET_PATH = '/assets/provider-login.css';
/** Path of the script that continues the sign-out without a click (the visible button is the fallback). */
export const LOGOUT_SCRIPT_PATH = '/assets/continue-sign-out.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface LayoutOptions {
  /** The page's own title (the service name is appended). */
  title: string;
  /** Already-escaped HTML of the page content inside the card. */
  body: string;
  /** Extra external scripts (same origin). */
  scripts?: string[];
}

/** The page frame: skip link, header, development notice, card, footer. */
export function layout({ title, body, scripts = [] }: LayoutOptions): string {
  const scriptTags = scripts
    .map((src) => `<script src="${escapeHtml(src)}" defer></script>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} - ${escapeHtml(SERVICE_NAME)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${scriptTags}
</head>
<body>
<a class="skip-link" href="#main-content">Skip to main content</a>
<header class="header">
  <div class="container">
    <p class="brand">${escapeHtml(SERVICE_NAME)}</p>
    <p class="brand-subline">Australian Government provider-login stand-in</p>
  </div>
</header>
<main id="main-content" tabindex="-1">
  <div class="container">
    <div class="notice" role="note" aria-label="Development notice">
      <p><strong>Development only.</strong> This is a development stand-in for the provider-login service.
      It signs people in by RA number without a password and must never run in production.</p>
    </div>
    <div class="card">
${body}
    </div>
  </div>
</main>
<footer class="footer">
  <div class="container">
    <p>Development identity provider for Provider Connect Australia. Demo data only.</p>
  </div>
</footer>
</body>
</html>`;
}

/** What the sign-in page shows: the form's target, the entered value, an error and the demo identities. */
export interface SignInPageModel {
  /** Where the forms post (the interaction's login path). */
  action: string;
  /** The value typed into the RA number field, shown back after an error. */
  raNumber?: string;
  /** A validation message for the RA number field. */
  error?: string;
  /** Name of the application asking for the sign-in. */
  clientName?: string;
  /** The one-click choices. */
  identities: DemoIdentity[];
}

/** The sign-in page: an RA number field, a Sign in button and the demo identities as one-click choices. */
export function signInPage(model: SignInPageModel): string {
  const { action, error, identities } = model;
  const fieldId = 'ra-number';
  const describedBy = error ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`;
  const errorSummary = error
    ? `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
  <h2 id="error-summary-title">There is a problem</h2>
  <ul><li><a href="#${fieldId}">${escapeHtml(error)}</a></li></ul>
</div>`
    : '';
  const intro = model.clientName
    ? `<p class="lead">to continue to ${escapeHtml(model.clientName)}</p>`
    : '';
  const choices = identities
    .map((identity) => {
      const noteId = `identity-${escapeHtml(identity.key)}-note`;
      const note = identity.note
        ? `<p class="choice-note" id="${noteId}">${escapeHtml(identity.note)}</p>`
        : '';
      return `<li class="choice">
  <form method="post" action="${escapeHtml(action)}">
    <input type="hidden" name="raNumber" value="${escapeHtml(identity.raNumber)}">
    <button type="submit" class="choice-button"${identity.note ? ` aria-describedby="${noteId}"` : ''}>
      <span class="choice-name">${escapeHtml(identity.givenName)} ${escapeHtml(identity.familyName)}</span>
      <span class="choice-ra">RA number ${escapeHtml(identity.raNumber)}</span>
    </button>
  </form>
  ${note}
</li>`;
    })
    .join('\n');

  return layout({
    title: error ? 'Error: Sign in' : 'Sign in',
    body: `${errorSummary}
<h1>Sign in with your RA number</h1>
${intro}
<form method="post" action="${escapeHtml(action)}" novalidate class="sign-in-form">
  <div class="field${error ? ' field-invalid' : ''}">
    <label for="${fieldId}">RA number</label>
    <p class="hint" id="${fieldId}-hint">Your 10-digit Registration Authority (RA) number.</p>
    ${error ? `<p class="field-error" id="${fieldId}-error"><span class="visually-hidden">Error: </span>${escapeHtml(error)}</p>` : ''}
    <input class="text-input" id="${fieldId}" name="raNumber" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="10" value="${escapeHtml(model.raNumber ?? '')}" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}>
  </div>
  <button type="submit" class="button">Sign in</button>
</form>
<section class="demo" aria-labelledby="demo-identities-title">
  <h2 id="demo-identities-title">Demo identities</h2>
  <p>Choose a person from the demo world to sign in as them.</p>
  <ul class="choices" aria-labelledby="demo-identities-title">
${choices}
  </ul>
</section>`,
  });
}

/** The sign-out confirmation: the provider's hidden form plus a visible Sign out button. */
export function signOutPage(options: {
  form: string;
  clientName?: string;
  autoContinue: boolean;
}): string {
  const to = options.clientName ? ` and return to ${escapeHtml(options.clientName)}` : '';
  return layout({
    title: 'Sign out',
    scripts: options.autoContinue ? [LOGOUT_SCRIPT_PATH] : [],
    // `form` is generated by oidc-provider (hidden xsrf input only); the button submits it via the form attribute.
    body: `<h1>Sign out</h1>
<p>Sign out of ${escapeHtml(SERVICE_NAME)}${to}.</p>
${options.form}
<button type="submit" class="button" form="op.logoutForm" name="logout" value="yes"${options.autoContinue ? ' data-auto-continue' : ''}>Sign out</button>`,
  });
}

/** Shown after a sign-out that named no page to return to. */
export function signedOutPage(): string {
  return layout({
    title: 'Signed out',
    body: `<h1>You have signed out</h1>
<p>You have signed out of ${escapeHtml(SERVICE_NAME)}. You can close this window.</p>`,
  });
}

/** A plain error page; `details` are shown as a definition list. */
export function errorPage(options: {
  title: string;
  message: string;
  details?: Record<string, string>;
}): string {
  const details = Object.entries(options.details ?? {})
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('');
  return layout({
    title: options.title,
    body: `<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
${details ? `<dl class="details">${details}</dl>` : ''}`,
  });
}

/** The provider's home page: what it is and who can sign in. */
export function homePage(options: { issuer: string; identities: DemoIdentity[] }): string {
  const rows = options.identities
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.givenName)} ${escapeHtml(i.familyName)}</td><td>${escapeHtml(i.raNumber)}</td><td>${escapeHtml(i.note ?? '')}</td></tr>`,
    )
    .join('');
  return layout({
    title: 'About',
    body: `<h1>${escapeHtml(SERVICE_NAME)}</h1>
<p>This OpenID Connect provider stands in for the provider-login service while developing Provider Connect Australia.
Start signing in from the portal; this provider shows its sign-in page when the portal sends you here.</p>
<p>Issuer: <code>${escapeHtml(options.issuer)}</code>.
<a href="/.well-known/openid-configuration">OpenID configuration</a></p>
<table class="table">
  <caption>Demo identities</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">RA number</th><th scope="col">Note</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`,
  });
}

/** The stylesheet (AgDS gold theme colours; focus rings always visible). */
export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
html{font-size:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;
  color:#313131;background:#f5f5f5;line-height:1.5;font-size:1rem}
a{color:#00698f;text-decoration:underline;text-underline-offset:.2em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid #9263de;outline-offset:2px}
.skip-link{position:absolute;left:.5rem;top:-3rem;background:#fff;color:#00698f;padding:.5rem 1rem;z-index:10}
.skip-link:focus{top:.5rem}
.container{max-width:42rem;margin:0 auto;padding:0 1rem}
.header{background:#135e70;color:#fff;padding:1rem 0;border-bottom:.5rem solid #0a323c}
.brand{margin:0;font-size:1.5rem;font-weight:700;line-height:1.25}
.brand-subline{margin:.25rem 0 0;color:#fff;font-size:.875rem}
main{display:block;padding:1.5rem 0 3rem}
main:focus{outline:none}
.notice{background:#fff6e0;border-left:.5rem solid #e69900;padding:.75rem 1rem;margin-bottom:1.5rem}
.notice p{margin:0}
.card{background:#fff;border:1px solid #d3d3d3;border-radius:.25rem;padding:1.5rem 1.5rem 2rem}
h1{font-size:2rem;line-height:1.25;margin:0 0 .5rem}
h2{font-size:1.25rem;line-height:1.3;margin:2rem 0 .5rem}
.lead{font-size:1.125rem;margin:0 0 1.5rem}
.field{margin:1.5rem 0}
.field-invalid{border-left:.25rem solid #d60000;padding-left:1rem}
label{display:block;font-weight:700}
.hint{margin:.25rem 0;color:#626262}
.field-error{margin:.25rem 0;color:#d60000;font-weight:700}
.text-input{display:block;width:100%;max-width:14rem;font:inherit;font-size:1.125rem;padding:.5rem .75rem;
  border:2px solid #808080;border-radius:.25rem;color:#313131;background:#fff;letter-spacing:.05em}
.field-invalid .text-input{border-color:#d60000;background:#fdf2f2}
.button{display:inline-block;font:inherit;font-weight:700;color:#fff;background:#00698f;border:2px solid #00698f;
  border-radius:.25rem;padding:.5rem 1.5rem;cursor:pointer}
.button:hover{background:#005a7a;border-color:#005a7a}
.error-summary{border:3px solid #d60000;border-radius:.25rem;padding:1rem 1.25rem;margin-bottom:1.5rem;background:#fdf2f2}
.error-summary h2{margin:0 0 .5rem;font-size:1.25rem}
.error-summary ul{margin:0;padding-left:1.25rem}
.error-summary a{color:#d60000;font-weight:700}
.demo{border-top:1px solid #d3d3d3;margin-top:2rem}
.choices{list-style:none;margin:1rem 0 0;padding:0}
.choice{margin:0 0 .75rem}
.choice form{margin:0}
.choice-button{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline;width:100%;text-align:left;font:inherit;
  color:#00698f;background:#fff;border:2px solid #00698f;border-radius:.25rem;padding:.5rem .75rem;cursor:pointer}
.choice-button:hover{background:#f5f5f5}
.choice-name{font-weight:700;text-decoration:underline}
.choice-ra{color:#313131;font-variant-numeric:tabular-nums}
.choice-note{margin:.25rem 0 0 .75rem;color:#626262;font-size:.875rem}
.details dt{font-weight:700}
.details dd{margin:0 0 .5rem}
.table{border-collapse:collapse;width:100%;margin-top:1rem}
.table caption{text-align:left;font-weight:700;font-size:1.25rem;margin-bottom:.5rem}
.table th,.table td{border-bottom:1px solid #d3d3d3;padding:.5rem;text-align:left;vertical-align:top}
code{font-size:.9em}
.footer{border-top:1px solid #d3d3d3;background:#fff;padding:1rem 0;color:#626262;font-size:.875rem}
.footer p{margin:0}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

/** Continues a sign-out requested by a signed-in application, so the person is not asked twice. */
export const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded', function () {
  var button = document.querySelector('button[data-auto-continue]');
  if (!button || !button.form) return;
  button.disabled = true;
  var form = button.form;
  var input = document.createElement('input');
  input.type = 'hidden';
  input.name = button.name;
  input.value = button.value;
  form.appendChild(input);
  form.submit();
});
`;
