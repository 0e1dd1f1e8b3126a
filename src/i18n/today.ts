import { Temporal } from '../domain/temporal';
import { SCHOOL_TIME_ZONE } from '../domain/periods';

/** Today's date at the school. */
export const todayInRome = () => Temporal.Now.plainDateISO(SCHOOL_TIME_ZONE);
