/** Text made safe to place inside HTML (a notification's message is HTML, decision 026). */
export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
