/** Which student and school year every per-student call is scoped to. */
export interface StudentScope {
  id_scuola: string;
  id_studente: number;
  anno: string;
}
