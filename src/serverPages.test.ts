import { describe, expect, it } from 'vitest';
import { isServerPage } from './serverPages';

describe('pages the service worker leaves to the server', () => {
  it.each(['/idp/posteid/auth?client_id=x', '/idp/cie/interazione/abc', '/spid', '/api/v4/utenti/spid/inizio?ritorno=/login', '/api/v3/x', '/version.txt?t=1', '/__test__/guasti'])(
    '%s reaches the server',
    (path) => expect(isServerPage(path)).toBe(true),
  );

  it.each(['/', '/login', '/voti', '/mobile/negozio?codice=x', '/spidx', '/idpx', '/apix', '/anteprima_pagelle?id=1'])('%s is the app', (path) =>
    expect(isServerPage(path)).toBe(false),
  );
});
