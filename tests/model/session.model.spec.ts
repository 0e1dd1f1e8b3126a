import { defineSessionTransitionSuite } from './session.model';

defineSessionTransitionSuite();
