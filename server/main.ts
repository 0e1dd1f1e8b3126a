import { serve } from './serve';

/** The portal's server: `npm start` (see README "Configuration" for the environment it reads). */
await serve();
