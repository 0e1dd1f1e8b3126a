/** Test model inputs of the API error dialog, shared by its unit model test and QA's browser transition suite. */
import type { ApiErrorDialogEvent } from '../apiErrorDialog.machine';

const raised = (status: number, detail: string | null = `detail ${status}`, error: string | null = `error ${status}`) =>
  ({ type: 'apiError.raised', status, detail, error }) as const;

/** A failure of each status of the API error dialog (docs/product.md#api-error-dialog, and a few outside it); 0 is a call with no answer at all. */
const STATUSES = [901, 401, 403, 404, 408, 409, 500, 0, 400, 418, 502];

export const apiErrorDialogModel = {
  statuses: STATUSES,
  raised,
  /** Every event the dialog can see: a failure of each status, and the user's answers. */
  events: [...STATUSES.map((s) => raised(s)), { type: 'dialog.dismissed' }, { type: 'dialog.reload' }] as ApiErrorDialogEvent[],
};
