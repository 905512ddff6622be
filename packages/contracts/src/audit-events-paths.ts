// Paths live apart from the schemas so a page can import them without loading zod.

/**
 * API paths of the audit trail (docs/product/audit-events.md): every answer is the caller's own trail, or
 * the trail of the practitioner they manage — never a parameter (docs/decisions/061-audit-events.md).
 */
export const auditEventsApiPaths = {
  /** GET ?from=&to=&entity=&actor=&cursor=&pageSize=: one page of the trail, newest first. */
  list: '/api/audit-events',
  /** GET with the same filters: every row of the filtered trail as CSV, streamed. */
  csv: '/api/audit-events/csv',
  /** GET: who the actor filter offers. */
  actors: '/api/audit-events/actors',
} as const;

/** The problem titles of the trail's bad filters, shown on the page. */
export const auditEventsMessages = {
  dateOrder: 'The "to" date must be on or after the "from" date.',
  emptyTrail: 'Nothing has been recorded yet.',
  noneMatch: 'No events match these filters.',
} as const;
