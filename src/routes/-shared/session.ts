import { useRouteContext } from '@tanstack/react-router';

/** The session actor, from the router context. */
export const useSessionActor = () => useRouteContext({ from: '__root__', select: (c) => c.session });

/** Student, year and school configuration of the signed-in area (set by its guard). */
export const useStudent = () => useRouteContext({ from: '/_private' });
