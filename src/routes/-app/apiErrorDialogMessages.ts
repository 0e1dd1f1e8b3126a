import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ApiErrorReport } from '../../api/errorEvents';
import type { ApiErrorDialogKind } from '../../machines/apiErrorDialog.machine';
import { statusMessage } from '../-shared/messages';

// Apart from -shared/messages.ts, which /login's boot file carries: only the dialog's view, loaded
// with its actor once a page is drawn, says these.
/** What the API error dialog says (docs/product.md#api-error-dialog): the server's own words for 901 and 409, else the status's text. */
export function apiErrorDialogMessage(kind: ApiErrorDialogKind, shown: ApiErrorReport): MessageDescriptor | string {
  const generic = statusMessage(500);
  switch (kind) {
    case 'schoolMessage':
      return shown.detail || generic;
    case 'conflict':
      return shown.error || shown.detail || generic;
    case 'unexpected':
    case 'serverError':
      return generic;
    default:
      return statusMessage(shown.status, shown.error);
  }
}

export function apiErrorDialogTitle(kind: ApiErrorDialogKind): MessageDescriptor {
  switch (kind) {
    case 'schoolMessage':
      return msg`Comunicazione della scuola`;
    case 'sessionExpired':
      return msg`Sessione scaduta`;
    case 'timeout':
      return msg`Server lento`;
    default:
      return msg`Attenzione`;
  }
}
