// The contract's zod, configured before any schema is built. By default zod compiles object
// parsers with `new Function` where it can, and finds out whether it can by trying: under a
// Content-Security-Policy without 'unsafe-eval' (ours, and any strict partner page embedding the
// widget) that probe is a reported CSP violation. `jitless` keeps zod on its plain interpreter,
// which is fast enough for the few small objects a booking or a form validates.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
