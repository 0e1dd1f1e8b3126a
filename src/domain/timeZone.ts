/**
 * The school's time zone: every school day, deadline and time of day the portal shows or compares is
 * a wall-clock time in Rome, whatever the device's zone. A module of its own, without Temporal, so
 * that the sign-in page's code can read it without loading date rules.
 */
export const SCHOOL_TIME_ZONE = 'Europe/Rome';
