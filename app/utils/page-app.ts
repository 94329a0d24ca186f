// Which pages load the app (docs/decisions/071-content-pages-without-the-app.md). Every page gets
// the server's HTML, which works on its own, and the site's small module of custom elements
// (app/elements/index.ts). A page whose route says `withoutApp` gets nothing more: its links,
// menus, dialogs and the booking widget (which loads itself) all work without React in the
// browser, so a phone does not download, parse and run the app (React DOM, Remix and our code)
// for a page with nothing for it to do. Every other page loads the app as before. In draft mode
// every page loads it: the Studio's overlays and live edits run in it.

export interface AppHandle {
  /** The page works as HTML with the site's elements: the browser gets no app. */
  withoutApp?: boolean;
}

/** Whether the page these routes make loads the app. */
export function pageLoadsApp(
  matches: readonly { handle?: unknown }[],
  { preview }: { preview: boolean },
): boolean {
  if (preview) return true;
  return !matches.some((match) => (match.handle as AppHandle | undefined)?.withoutApp === true);
}
