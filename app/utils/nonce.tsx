// The Content-Security-Policy nonce of the current response (server/security-headers.ts makes one per
// request). On the server it comes from the load context; in the browser it is empty, which is
// also what the browser reports for a nonce attribute once the page has loaded.
import { createContext, useContext } from 'react';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The CSP nonce server/index.ts made for this response. */
    cspNonce?: string;
  }
}

const NonceContext = createContext<string>('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
