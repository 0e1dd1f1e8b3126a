/*
 * The marks of the SPID and CIE buttons, drawn for this portal (no third-party artwork): white
 * strokes on the buttons' blue, decorative only (the button's text names it).
 */

/** A person in a circle. */
export function SpidMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="none" stroke="currentColor" strokeWidth="1.75" />
      <circle cx="12" cy="9" r="3.25" fill="currentColor" />
      <path d="M5.9 18.6a6.6 6.6 0 0 1 12.2 0 9 9 0 0 1-12.2 0z" fill="currentColor" />
    </svg>
  );
}

/** A stylised identity card: a photo and two lines of text. */
export function CieMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect x="1.5" y="4.5" width="21" height="15" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
      <circle cx="8" cy="10.5" r="2.25" fill="currentColor" />
      <path d="M4.5 16.5a3.5 3.5 0 0 1 7 0z" fill="currentColor" />
      <path d="M14 10h5M14 13h5M14 16h3.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
