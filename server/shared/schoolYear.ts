/** School-year rules shared by the seed and the handlers: a school year runs 1 September → 31 August. */
export interface SchoolYearRef {
  id: string;
  descrizione: string;
  startYear: number;
}

export interface SchoolPeriod {
  numero: number;
  periodo: string;
  data_inizio: string;
  data_fine: string;
}

export function schoolYearStarting(startYear: number): SchoolYearRef {
  return { id: `${startYear}_${startYear + 1}`, descrizione: `${startYear}/${startYear + 1}`, startYear };
}

/** The school year containing a `YYYY-MM-DD` date. */
export function schoolYearOf(date: string): SchoolYearRef {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return schoolYearStarting(month >= 9 ? year : year - 1);
}

export function periodsOf(startYear: number): SchoolPeriod[] {
  return [
    { numero: 1, periodo: 'Trimestre', data_inizio: `${startYear}-09-14`, data_fine: `${startYear}-12-22` },
    { numero: 2, periodo: 'Pentamestre', data_inizio: `${startYear + 1}-01-07`, data_fine: `${startYear + 1}-06-08` },
  ];
}

/** The period containing `today`, else the nearest one already begun, else the first. */
export function currentPeriod(periods: readonly SchoolPeriod[], today: string): number {
  const sorted = [...periods].sort((a, b) => a.data_inizio.localeCompare(b.data_inizio));
  const containing = sorted.find((p) => p.data_inizio <= today && today <= p.data_fine);
  if (containing) return containing.numero;
  const begun = sorted.filter((p) => p.data_inizio <= today);
  return (begun[begun.length - 1] ?? sorted[0])?.numero ?? 1;
}
