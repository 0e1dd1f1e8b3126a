/**
 * Where the chrome turns into the phone's: one row of top bar (menu, student, user menu with the
 * language inside it) and the sidebar over the page. The same width as AppLayout.module.css's
 * `@media (max-width: 48rem)`.
 */
export const PHONE_LAYOUT = '(max-width: 48rem)';
