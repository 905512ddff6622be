/** Index of the tab whose label matches the `tab` query (case-insensitive), else the first. */
export function tabIndexFor(labels: readonly string[], tab: string | null): number {
  if (!tab) return 0;
  const index = labels.findIndex((l) => l.toLowerCase() === tab.trim().toLowerCase());
  return index < 0 ? 0 : index;
}
