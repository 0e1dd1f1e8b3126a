export type Version = readonly [major: number, minor: number, patch: number];

const VERSION_PATTERN = /^\s*(?:VERSION\s*=\s*)?(\d+)\.(\d+)\.(\d+)\s*$/;

/** docs/product.md#updates: only number.number.number (optionally as a `VERSION=x.y.z` line, as in /version.txt) is a version. */
export function parseVersion(s: string): Version | null {
  const m = VERSION_PATTERN.exec(s);
  if (!m) return null;
  const parts = [Number(m[1]), Number(m[2]), Number(m[3])] as const;
  return parts.every(Number.isSafeInteger) ? parts : null;
}

/** True only when both strings are versions and candidate is strictly greater than current. */
export function isNewerVersion(candidate: string, current: string): boolean {
  const a = parseVersion(candidate);
  const b = parseVersion(current);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i++) {
    if (a[i]! !== b[i]!) return a[i]! > b[i]!;
  }
  return false;
}
