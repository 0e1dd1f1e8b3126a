import { defineApiErrorDialogTransitionSuite } from './apiErrorDialog.model';

defineApiErrorDialogTransitionSuite();
