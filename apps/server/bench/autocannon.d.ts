// autocannon ships no types; this declares the part of its API the benchmark uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    p50: number;
    p90: number;
    p99: number;
    average: number;
    min: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
