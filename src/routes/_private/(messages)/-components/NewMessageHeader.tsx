import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../../ui/Button';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import type { ComposerVersion } from '../../../../machines/composer.machine';
import { draftKey, hasDraft } from '../../../../api/drafts';
import { Composer } from './Composer';
import styles from './Messages.module.css';

/**
 * A messages page's heading with its "Nuovo messaggio" panel (both messenger versions): a new
 * message being written reopens with its draft after a reload, and a sent one closes the panel
 * with a notice before the page shows it in its list (`onSent`).
 */
export function NewMessageHeader({ title, version, onSent }: { title: ReactNode; version: ComposerVersion; onSent: (output: unknown) => void }) {
  const { t } = useLingui();
  const { scope } = useStudent();
  const [composing, setComposing] = useState(() => hasDraft(draftKey(scope, undefined, version)));
  const [notice, setNotice] = useState<string | null>(null);
  const sent = (output: unknown) => {
    setComposing(false);
    setNotice(t`Messaggio inviato.`);
    onSent(output);
  };
  return (
    <>
      <div className={styles.toolbar}>
        <h1>{title}</h1>
        <Button aria-expanded={composing} aria-controls="nuovo-messaggio" onClick={() => setComposing((c) => !c)}>
          {composing ? <Trans>Chiudi il nuovo messaggio</Trans> : <Trans>Nuovo messaggio</Trans>}
        </Button>
      </div>
      {notice && (
        <p role="status" className={page.muted}>
          {notice}
        </p>
      )}
      <div id="nuovo-messaggio" hidden={!composing}>
        {composing && (
          <section className={page.card} aria-labelledby="nuovo-messaggio-titolo">
            <h2 id="nuovo-messaggio-titolo">
              <Trans>Nuovo messaggio</Trans>
            </h2>
            <Composer version={version} label={t`Nuovo messaggio`} onSent={sent} />
          </section>
        )}
      </div>
    </>
  );
}
