import { definePasswordChangeTransitionSuite } from './password.model';

definePasswordChangeTransitionSuite();
