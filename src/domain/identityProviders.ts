/**
 * The SPID identity providers accredited by AgID, as the sign-in page lists them: the id the start
 * call takes (`idp`) and the name shown. The list and the names follow AgID's registry of
 * accredited providers; the order is the guideline's business (a new random order at each load,
 * see `shuffled`), not this list's.
 */
export interface IdentityProvider {
  id: string;
  name: string;
}

export const SPID_PROVIDERS: readonly IdentityProvider[] = [
  { id: 'arubaid', name: 'Aruba ID' },
  { id: 'etnaid', name: 'EtnaID' },
  { id: 'infocamereid', name: 'InfoCamere ID' },
  { id: 'infocertid', name: 'InfoCert ID' },
  { id: 'intesiid', name: 'Intesi Group ID' },
  { id: 'lepidaid', name: 'Lepida ID' },
  { id: 'namirialid', name: 'Namirial ID' },
  { id: 'posteid', name: 'Poste ID' },
  { id: 'sielteid', name: 'Sielte ID' },
  { id: 'spiditalia', name: 'SPIDItalia Register.it' },
  { id: 'teamsystemid', name: 'TeamSystem ID' },
  { id: 'timid', name: 'TIM ID' },
];

/** Whether `id` names an accredited provider (what a start call may carry as `idp`). */
export const isSpidProvider = (id: string): boolean => SPID_PROVIDERS.some((p) => p.id === id);

/**
 * A copy of `items` in a random order (Fisher–Yates): AgID's SPID button guideline asks that no
 * provider be favoured by its place in the list, so the order changes at each load. `random` is
 * the source of numbers in [0, 1), replaceable in tests.
 */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The ways in by a public digital identity (law 182/2025, art. 51: the only ones for school registers). */
export type SignInMethod = 'spid' | 'cie';
