/**
 * A promise with its settlers, for a fetch or mutation a test answers when it chooses
 * (`Promise.withResolvers` is not in Node 20, which the tests run on).
 */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
