import { defineComposerTransitionSuite } from './composer.model';

defineComposerTransitionSuite();
