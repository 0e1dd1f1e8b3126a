import { defineTaxConsentTransitionSuite } from './taxConsent.model';

defineTaxConsentTransitionSuite();
