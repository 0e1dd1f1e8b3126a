import { definePaymentTransitionSuite } from './payment.model';

definePaymentTransitionSuite();
