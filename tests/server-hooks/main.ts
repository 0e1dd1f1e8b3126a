import { serve } from '../../server/serve';
import { testHooks } from './index';

/**
 * The server the browser tests start (playwright.config.ts): the portal exactly as `npm start`
 * serves it, plus the test hooks of ./index.ts (fault injection, a clock per test, disposable
 * accounts, hostile messages, a payment ledger). Never deployed: `server/main.ts` is the portal.
 */
await serve(testHooks);
