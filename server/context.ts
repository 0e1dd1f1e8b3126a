import type { GradesRepository } from './repositories/grades';
import type { SchoolsRepository } from './repositories/schools';
import type { StudentsRepository } from './repositories/students';
import type { UsersRepository } from './repositories/users';
import type { TokenService } from './security';
import type { IdentityOptions } from './shared/identity';

/** What the operation handlers need; built once per app by `buildApp`. */
export interface AppContext {
  now: () => Date;
  tokens: TokenService;
  users: UsersRepository;
  schools: SchoolsRepository;
  students: StudentsRepository;
  grades: GradesRepository;
  /** School answering `getLoginConfiguration` when no user is named. */
  defaultSchoolId: string;
  /** The data folder (database, JWT key, uploaded files). */
  dataDir: string;
  /** Demo mode: the demo identity providers are served (and a new database was seeded). */
  demo: boolean;
  /** Sign-in with SPID and CIE: the portal's public origin, the real providers, a test's fetch hook. */
  identity: IdentityOptions;
  /** Reported by `/version.txt`. */
  version: string;
}
