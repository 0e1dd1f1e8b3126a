import { useLingui } from '@lingui/react/macro';
import { activateLocale, LOCALES, type Locale } from '../../i18n/locale';
import styles from './LocaleSwitch.module.css';

/** Language choice, Italian first; the current language is marked for screen readers. */
export function LocaleSwitch() {
  const { i18n, t } = useLingui();
  return (
    <div className={styles.switch} role="group" aria-label={t`Lingua`}>
      {(Object.keys(LOCALES) as Locale[]).map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className={styles.option}
          aria-pressed={i18n.locale === code}
          onClick={() => void activateLocale(code)}
        >
          {LOCALES[code]}
        </button>
      ))}
    </div>
  );
}
