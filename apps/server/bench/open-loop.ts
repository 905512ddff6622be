/**
 * Offers `total` requests at `rate` per second, open loop: request i is due at start + i/rate s whatever the
 * earlier ones are doing, and `send` is handed that due time so its latency counts from it (a late server
 * is charged for the queue it causes). bench/load.ts and bench/measure-api.ts offer their rates this way.
 */
export async function offerOpenLoop(
  rate: number,
  total: number,
  send: (i: number, due: number) => Promise<void>,
): Promise<{ start: number }> {
  const start = performance.now() + 20;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(i, due));
  }
  await Promise.all(pending);
  return { start };
}
