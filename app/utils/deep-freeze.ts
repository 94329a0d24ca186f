// For answers kept in memory and shared by every request that asks (content results per dataset
// revision, gazetteer suggestions): frozen all the way down, so a caller that tried to change one
// would throw (in tests first) instead of changing what the next request gets. Sharing replaced a
// copy per request, which cost more than the work the answer saved.

/** Freezes `value` and everything it holds; returns it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
