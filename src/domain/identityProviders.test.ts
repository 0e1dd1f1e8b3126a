import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isSpidProvider, shuffled, SPID_PROVIDERS } from './identityProviders';

describe('SPID identity providers', () => {
  it('are the twelve accredited ones, each id once', () => {
    expect(SPID_PROVIDERS).toHaveLength(12);
    expect(new Set(SPID_PROVIDERS.map((p) => p.id)).size).toBe(12);
    expect(isSpidProvider('posteid')).toBe(true);
    expect(isSpidProvider('sconosciuto')).toBe(false);
  });

  it('are the ids the contract takes as `idp`, which the server checks its own list against too', () => {
    const contract = parse(readFileSync('openapi/portal.yaml', 'utf8')) as {
      components: { schemas: { SpidProvider: { enum: string[] } } };
    };
    expect(SPID_PROVIDERS.map((p) => p.id)).toEqual(contract.components.schemas.SpidProvider.enum);
  });

  it('are shuffled into a new order that keeps every one', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const order = shuffled(SPID_PROVIDERS, random);
    expect([...order].sort((a, b) => a.id.localeCompare(b.id))).toEqual([...SPID_PROVIDERS].sort((a, b) => a.id.localeCompare(b.id)));
    expect(order.map((p) => p.id)).not.toEqual(SPID_PROVIDERS.map((p) => p.id));
    // The list itself is left as it was.
    expect(SPID_PROVIDERS[0]!.id).toBe('arubaid');
  });

  it('with a source that always says 0.999 keeps the order (the last stays last at each step)', () => {
    expect(shuffled([1, 2, 3, 4], () => 0.999)).toEqual([1, 2, 3, 4]);
  });
});
