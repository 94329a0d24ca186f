/** Ends a loader with the 404 page when the content a route needs does not exist. */
export function notFound(): never {
  throw new Response('Not Found', { status: 404 });
}

/** The value, or the 404 page when it is null or undefined. */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound();
  return value;
}
