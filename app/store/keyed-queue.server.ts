// Runs the work of one key after the work queued before it for that key in this process, so an
// adapter's own concurrent changes of one record wait for each other instead of contending for it
// (the Firestore limit and promo use stores; other instances' writes still meet them).

/** A queue per key: `queued(key, work)` starts work once everything queued before it has settled. */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function queued<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
