import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { periodName } from './periodName';

describe('periodName', () => {
  afterEach(() => {
    i18n.activate('it');
  });

  it('is the number, the ordinal sign and "periodo" in Italian', () => {
    expect(periodName(1)).toBe('1° periodo');
    expect(periodName(2)).toBe('2° periodo');
  });

  it('goes through the active catalog', () => {
    const numero = 0;
    const { id } = msg`${numero}° periodo`;
    i18n.loadAndActivate({ locale: 'en', messages: { [id]: ['Term ', ['numero']] } });
    expect(periodName(3)).toBe('Term 3');
  });
});
