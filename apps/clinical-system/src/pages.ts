/**
 * HTML of the clinical system's pages: the launch page, staff sign-in, consent and errors. No inline script or
 * style, so the strict Content-Security-Policy of server.ts applies to them; every value is escaped.
 */

/** Path of the stylesheet. */
export const STYLESHEET_PATH = '/assets/clinical-system.css';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export const STYLESHEET = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;line-height:1.5;background:#f3f5f4}
.skip-link{position:absolute;left:-999px}.skip-link:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
header{background:#14524a;color:#fff;padding:1rem 1.5rem}header p{margin:0}.brand{font-weight:700;font-size:1.25rem}
main{padding:1.5rem;max-width:44rem;margin:0 auto}
.notice{border-left:4px solid #b35c00;background:#fff4e5;padding:.5rem 1rem;margin-bottom:1rem}
.card{background:#fff;border:1px solid #c4ccc9;border-radius:6px;padding:1.25rem 1.5rem}
h1{font-size:1.6rem;line-height:1.25;margin-top:0}
label{display:block;font-weight:600;margin-top:1rem}.hint{color:#4a4a4a;margin:.25rem 0;overflow-wrap:anywhere}
input[type=url],input[type=text]{font:inherit;width:100%;padding:.5rem;border:2px solid #4a4a4a;border-radius:4px}
button{font:inherit;margin:1rem .75rem 0 0;padding:.6rem 1.2rem;background:#14524a;color:#fff;border:2px solid #14524a;border-radius:4px;cursor:pointer}
button.secondary{background:#fff;color:#14524a}
ul.scopes li{margin:.25rem 0}code{overflow-wrap:anywhere}
.error{border-left:4px solid #b00020;padding:.5rem 1rem;background:#fdecee}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
:focus-visible{outline:3px solid #f0a30a;outline-offset:2px}
footer{padding:1rem 1.5rem;color:#4a4a4a;text-align:center}
@media (max-width:30rem){main{padding:1rem .75rem}.card{padding:1rem}dl{grid-template-columns:1fr}}`;

/** The page frame: skip link, header with the practice's name, development notice, card. */
export function layout(practiceName: string, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} - ${escapeHtml(practiceName)} clinical system</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<a class="skip-link" href="#main-content">Skip to main content</a>
<header>
  <p class="brand">${escapeHtml(practiceName)} — clinical system</p>
  <p>Practice software (development stand-in)</p>
</header>
<main id="main-content" tabindex="-1">
  <div class="notice" role="note" aria-label="Development notice">
    <p><strong>Development only.</strong> This stands in for a practice's clinical software, a SMART on FHIR
    server, and must never run in production.</p>
  </div>
  <div class="card">
${body}
  </div>
</main>
<footer><p>Demo data only.</p></footer>
</body>
</html>`;
}

/** `/`: the launch page, where staff start Provider Connect from the clinical system (EHR launch). */
export function launchPage(model: {
  practiceName: string;
  iss: string;
  launchUrl: string;
  error?: string;
}): string {
  const error = model.error
    ? `<div class="error" role="alert" id="launch-url-error"><p>${escapeHtml(model.error)}</p></div>`
    : '';
  return layout(
    model.practiceName,
    'Launch Provider Connect',
    `<h1>${escapeHtml(model.practiceName)} — clinical system</h1>
<p>Open Provider Connect from the practice's software. Provider Connect receives this system's address and a
launch code, asks you to sign in here, and can then read the practice's practitioners, their roles, locations
and services.</p>
${error}
<form method="get" action="/launch">
  <label for="launch-url">Provider Connect launch address</label>
  <p class="hint" id="launch-url-hint">The address Provider Connect gave for launching it, for example
  https://portal.example.com.au/smart/launch</p>
  <input type="url" id="launch-url" name="launch_url" value="${escapeHtml(model.launchUrl)}" required
    aria-describedby="launch-url-hint${model.error ? ' launch-url-error' : ''}"${model.error ? ' aria-invalid="true"' : ''} autocomplete="url">
  <button type="submit">Launch Provider Connect</button>
</form>
<h2>This system</h2>
<dl><dt>FHIR server (iss)</dt><dd><code>${escapeHtml(model.iss)}</code></dd>
<dt>SMART configuration</dt><dd><code>${escapeHtml(model.iss)}/.well-known/smart-configuration</code></dd></dl>`,
  );
}

/** The staff sign-in page of an authorisation request. */
export function signInPage(model: {
  practiceName: string;
  action: string;
  clientName: string;
  staff: { username: string; name: string; job: string }[];
}): string {
  return layout(
    model.practiceName,
    'Sign in',
    `<h1>Sign in to ${escapeHtml(model.practiceName)}</h1>
<p>${escapeHtml(model.clientName)} wants to connect to the practice's clinical system. Sign in as a member of
the practice's staff. There is no password in this development system.</p>
${model.staff
  .map(
    (s) => `<form method="post" action="${escapeHtml(model.action)}">
  <input type="hidden" name="username" value="${escapeHtml(s.username)}">
  <p><strong>${escapeHtml(s.name)}</strong><br>${escapeHtml(s.job)}</p>
  <button type="submit">Sign in as ${escapeHtml(s.name)}</button>
</form>`,
  )
  .join('\n')}`,
  );
}

/** Plain words for each scope on the consent page. */
const SCOPE_WORDS: Record<string, string> = {
  openid: 'Confirm who you are',
  fhirUser: 'Know which practitioner you are in this system',
  launch: 'Open from this clinical system, with what you were working on',
  offline_access: 'Keep access after you sign out, until you disconnect it',
  Practitioner: "Read the practice's practitioners",
  PractitionerRole: "Read practitioners' roles at the practice",
  Location: "Read the practice's locations",
  HealthcareService: "Read the practice's healthcare services",
};

/** What a scope lets the application do, in words. */
export function scopeWords(scope: string): string {
  const resource = /^(?:user|patient|system)\/([A-Za-z*]+)\./.exec(scope)?.[1];
  return SCOPE_WORDS[resource ?? scope] ?? scope;
}

/** The consent page: what the application asks for, Allow or Deny. */
export function consentPage(model: {
  practiceName: string;
  action: string;
  clientName: string;
  userName: string;
  scopes: string[];
}): string {
  return layout(
    model.practiceName,
    'Allow access',
    `<h1>Allow ${escapeHtml(model.clientName)} to access ${escapeHtml(model.practiceName)}?</h1>
<p>You are signed in as ${escapeHtml(model.userName)}. ${escapeHtml(model.clientName)} asks to:</p>
<ul class="scopes">${model.scopes
      .map((s) => `<li>${escapeHtml(scopeWords(s))} <code>${escapeHtml(s)}</code></li>`)
      .join('')}</ul>
<form method="post" action="${escapeHtml(model.action)}">
  <button type="submit" name="decision" value="allow">Allow</button>
  <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

/** An error page. */
export function errorPage(practiceName: string, title: string, message: string): string {
  return layout(
    practiceName,
    title,
    `<h1>${escapeHtml(title)}</h1><div class="error" role="alert"><p>${escapeHtml(message)}</p></div>
<p><a href="/">Back to the clinical system</a></p>`,
  );
}
