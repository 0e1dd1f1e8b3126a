import { defineCartTransitionSuite } from './cart.model';

defineCartTransitionSuite();
