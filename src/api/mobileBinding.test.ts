import { describe, expect, it } from 'vitest';
import { takeAppVerifier } from './mobileBinding';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

describe('the verifier the app hands to its web view', () => {
  it('is read once and then forgotten', () => {
    const global = { PortaleFamiglieApp: { verificatore: VERIFIER } as { verificatore?: unknown } };
    expect(takeAppVerifier(global)).toBe(VERIFIER);
    expect(global.PortaleFamiglieApp.verificatore).toBeUndefined();
    expect(takeAppVerifier(global)).toBeNull();
  });

  it('is missing outside the app (a forwarded link), and a malformed one counts as missing', () => {
    expect(takeAppVerifier({})).toBeNull();
    expect(takeAppVerifier({ PortaleFamiglieApp: {} })).toBeNull();
    expect(takeAppVerifier({ PortaleFamiglieApp: { verificatore: 'corto' } })).toBeNull();
    expect(takeAppVerifier({ PortaleFamiglieApp: { verificatore: 42 } })).toBeNull();
    expect(takeAppVerifier({ PortaleFamiglieApp: { verificatore: `${VERIFIER}?x=1` } })).toBeNull();
  });
});
