// autocannon ships no types; this declares the part of its API the benchmarks use.
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn, cycling. */
    requests?: Request[];
    /** Requests per second offered over all connections together (unlimited when absent). */
    overallRate?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }
  export interface Histogram {
    p50: number;
    p90: number;
    p99: number;
    average: number;
    min: number;
    max: number;
  }
  export interface Result {
    latency: Histogram;
    requests: { average: number; total: number };
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
