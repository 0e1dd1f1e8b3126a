import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useState } from 'react';
import { communicationQuery, type Communication, type CommunicationDetail } from '../../../../api/queries/communications';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { DateTimeText } from '../../../../ui/DateTime';
import { Dialog } from '../../../../ui/Dialog';
import { SafeHtml } from '../../../../ui/SafeHtml';
import { Skeleton } from '../../../../ui/States';
import { OneLine, RowList } from '../../../../ui/RowList';
import { Loaded } from '../../../-shared/Loaded';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import { CommunicationAttachments } from './CommunicationAttachments';
import { CommunicationConfirm } from './CommunicationConfirm';
import styles from './Communications.module.css';

/** The received communications, newest first as the server sends them; one opens in a dialog. */
export function CommunicationList({ items }: { items: readonly Communication[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Communication | null>(null);
  return (
    <>
      <RowList
        items={items}
        itemKey={(item) => item.id_messaggio}
        label={t`Comunicazioni ricevute`}
        itemAttributes={(item) => ({ 'data-comunicazione': item.id_messaggio })}
        row={(item) => ({
          title: <OneLine>{item.titolo}</OneLine>,
          meta: [<DateTimeText key="data" value={item.data} />, <OneLine key="mittente">{item.mittente.nome}</OneLine>],
          end: item.da_leggere ? (
            <Badge tone="info">
              <Trans>Da leggere</Trans>
            </Badge>
          ) : null,
          details: <CommunicationRowDetails item={item} onOpen={() => setOpen(item)} />,
        })}
      >
        <ul className={styles.list}>
          {items.map((item) => (
            <CommunicationItem key={item.id_messaggio} item={item} onOpen={() => setOpen(item)} />
          ))}
        </ul>
      </RowList>
      {open && <CommunicationDialog item={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * A communication opened in place on a phone: its whole title, what it asks and carries, the button that reads it
 * (in the dialog, as on a desktop) and the confirmation it asks for.
 */
function CommunicationRowDetails({ item, onOpen }: { item: Communication; onOpen: () => void }) {
  const { t } = useLingui();
  const files = item.allegati;
  const tipo = item.tipo_messaggio;
  const titolo = item.titolo;
  return (
    <>
      <p className={styles.fullTitle}>{titolo}</p>
      <div className={styles.flags}>
        {item.presa_visione && !item.sottoscrizione && (
          <Badge tone="warning">
            <Trans>Presa visione richiesta</Trans>
          </Badge>
        )}
        {files > 0 && <Badge>{plural(files, { one: '# allegato', other: '# allegati' })}</Badge>}
        <span className={page.muted}>{t`Tipo: ${tipo}`}</span>
      </div>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" aria-haspopup="dialog" aria-label={t`Leggi «${titolo}»`} onClick={onOpen}>
          <Trans>Leggi</Trans>
        </Button>
      </div>
      <CommunicationConfirm item={item} />
    </>
  );
}

function CommunicationItem({ item, onOpen }: { item: Communication; onOpen: () => void }) {
  const { t } = useLingui();
  const headingId = `comunicazione-${item.id_messaggio}`;
  const files = item.allegati;
  const tipo = item.tipo_messaggio;
  return (
    <li className={`${page.card} ${styles.item} ${item.da_leggere ? styles.unread : ''}`} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <button type="button" className={styles.title} aria-haspopup="dialog" onClick={onOpen}>
            {item.titolo}
          </button>
        </h2>
        <p className={styles.meta}>
          <DateTimeText value={item.data} />
          <span>{item.mittente.nome}</span>
        </p>
      </div>
      <div className={styles.flags}>
        {item.da_leggere && (
          <Badge tone="info">
            <Trans>Da leggere</Trans>
          </Badge>
        )}
        {item.presa_visione && !item.sottoscrizione && (
          <Badge tone="warning">
            <Trans>Presa visione richiesta</Trans>
          </Badge>
        )}
        {files > 0 && <Badge>{plural(files, { one: '# allegato', other: '# allegati' })}</Badge>}
        <span className="visually-hidden">{t`Tipo: ${tipo}`}</span>
      </div>
    </li>
  );
}

/**
 * Opening reads the detail, which marks the communication read on the server. A detail the
 * boundary could not read shows what the list said, without its files.
 */
function CommunicationDialog({ item, onClose }: { item: Communication; onClose: () => void }) {
  const { t } = useLingui();
  const { scope } = useStudent();
  return (
    <Dialog
      open
      onClose={onClose}
      title={item.titolo}
      actions={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Chiudi</Trans>
        </Button>
      }
    >
      <Loaded
        query={{ ...communicationQuery(scope, item.id_messaggio), meta: { errorDialog: false } }}
        skeleton={<Skeleton label={t`Caricamento della comunicazione`} />}
      >
        {(read) => <CommunicationBody c={read ?? { ...item, allegati: [] }} />}
      </Loaded>
    </Dialog>
  );
}

function CommunicationBody({ c }: { c: CommunicationDetail }) {
  return (
    <div className={styles.detail}>
      <dl>
        <dt>
          <Trans>Mittente</Trans>
        </dt>
        <dd>
          {c.mittente.nome}
          {c.mittente.ruolo ? ` (${c.mittente.ruolo})` : ''}
        </dd>
        <dt>
          <Trans>Data</Trans>
        </dt>
        <dd>
          <DateTimeText value={c.data} />
        </dd>
      </dl>
      <SafeHtml html={c.dettaglio} className={styles.body} />
      <CommunicationAttachments files={c.allegati} />
      <CommunicationConfirm item={c} />
    </div>
  );
}
