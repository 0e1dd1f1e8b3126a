import { Temporal } from '../domain/temporal';
import { SCHOOL_TIME_ZONE } from '../domain/timeZone';

/** Today's date at the school. */
export const todayInRome = () => Temporal.Now.plainDateISO(SCHOOL_TIME_ZONE);
