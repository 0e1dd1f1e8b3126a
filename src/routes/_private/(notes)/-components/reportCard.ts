import { useCallback } from 'react';

/** Long enough for the new tab to read the PDF; the object URL is freed afterwards. */
export const REVOKE_AFTER_MS = 60_000;

/** The blob as a PDF even when the server's type got lost on the way. */
export const asPdf = (blob: Blob): Blob => (blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));

/**
 * A tab opened while the click still counts as the user's gesture (so no pop-up blocker stops it),
 * to receive the PDF once it has been downloaded with the session.
 */
export function openPendingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/** Shows the downloaded PDF in the pending tab, or saves it when no tab could be opened; frees the URL later. */
export function showPdf(blob: Blob, fileName: string, tab: Window | null) {
  const url = URL.createObjectURL(asPdf(blob));
  if (tab && !tab.closed) {
    tab.location.href = url;
  } else {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  }
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * A ref for an iframe that shows the blob: the object URL lives exactly as long as the frame shows
 * this blob (React 19 runs the returned cleanup when the frame goes or the blob changes).
 */
export function useBlobFrame(blob: Blob) {
  return useCallback(
    (frame: HTMLIFrameElement) => {
      const url = URL.createObjectURL(asPdf(blob));
      frame.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
