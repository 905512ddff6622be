/**
 * Whether this process wants new work (docs/decisions/075-operations.md). A process that is stopping
 * says so at once on `/api/ready`, so a load balancer's health check takes it out of rotation, while it
 * keeps answering every request for SHUTDOWN_DRAIN_MS before it closes (apps/server/src/main.ts).
 */
export interface Readiness {
  /** True from the moment the process was asked to stop. */
  readonly draining: boolean;
  /** Marks the process as stopping: `/api/ready` answers 503 from now on. */
  drain(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
