import { defineStudentSwitchTransitionSuite } from './studentSwitch.model';

defineStudentSwitchTransitionSuite();
