import { defineCheckoutTransitionSuite } from './checkout.model';

defineCheckoutTransitionSuite();
