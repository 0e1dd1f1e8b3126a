import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, expectValidPdf, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();

interface Doc {
  id: number;
  titolo: string;
  data: string;
  allegato: { nome: string; tipo: string; dimensione: number; url: string };
}

describe('documenti', () => {
  const t = useTestServer();

  it('lists documents and serves their files as attachments', async () => {
    for (const [token, school, id, year] of [
      [t.parent, 'DEMO01', 501, CURRENT_YEAR],
      [t.parent, 'DEMO01', 501, PREVIOUS_YEAR],
      [t.parent, 'DEMO02', 502, CURRENT_YEAR],
      [t.student, 'DEMO01', 503, CURRENT_YEAR],
    ] as const) {
      const res = await t.server.app.inject({ url: studentPath(school, id, year, 'documenti'), headers: auth(token) });
      expectConforms('listDocuments', res);
      const docs: Doc[] = res.json();
      expect(docs.length).toBeGreaterThan(0);
      const dates = docs.map((d) => d.data);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const doc of docs) {
        const file = await t.server.app.inject({ url: doc.allegato.url, headers: auth(token) });
        expectConforms('downloadDocument', file, 200, doc.allegato.tipo);
        expect(file.headers['content-disposition']).toContain(`attachment; filename="${doc.allegato.nome}"`);
        expect(file.rawPayload.length).toBe(doc.allegato.dimensione);
        if (doc.allegato.tipo === 'application/pdf') expectValidPdf(file.rawPayload, doc.titolo);
      }
    }
  });

  it('answers 404 for unknown documents or another student’s, 403 for another family, 401 without a token', async () => {
    const lucaDocs: Doc[] = (await t.server.app.inject({ url: studentPath('DEMO01', 503, CURRENT_YEAR, 'documenti'), headers: auth(t.student) })).json();
    const lucaDoc = lucaDocs[0] as Doc;
    for (const docId of [lucaDoc.id, 999_999]) {
      const res = await t.server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, `documenti/${docId}`), headers: auth(t.parent) });
      expectConforms('downloadDocument', res, 404);
    }
    expectConforms('downloadDocument', await t.server.app.inject({ url: lucaDoc.allegato.url, headers: auth(t.parent) }), 403);
    expectConforms('downloadDocument', await t.server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'documenti/abc'), headers: auth(t.parent) }), 400);
    expectConforms('listDocuments', await t.server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'documenti') }), 401);
  });

  it('covers every operation of the tag', () => {
    expect(uncovered('documenti')).toEqual([]);
  });
});
