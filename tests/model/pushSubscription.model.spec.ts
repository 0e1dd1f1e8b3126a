import { definePushSubscriptionTransitionSuite } from './pushSubscription.model';

// QA's transition suite on its own: `npm run test:transitions` (playwright.model.config.ts).
definePushSubscriptionTransitionSuite();
