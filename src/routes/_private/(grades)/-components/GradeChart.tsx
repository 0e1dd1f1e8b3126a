import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Temporal } from '../../../../domain/temporal';
import type { Grade } from '../../../../api/queries/grades';
import { chartMonthTicks, chartPoints, GRADE_SCALE_MAX } from '../../../../domain/grades';
import { formatDate, formatGradeValue } from '../../../../i18n/format';
import styles from './Grades.module.css';

const MONTHS: Record<number, MessageDescriptor> = {
  9: msg`Set`,
  10: msg`Ott`,
  11: msg`Nov`,
  12: msg`Dic`,
  1: msg`Gen`,
  2: msg`Feb`,
  3: msg`Mar`,
  4: msg`Apr`,
  5: msg`Mag`,
  6: msg`Giu`,
};

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 32, right: 12, top: 10, bottom: 26 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const SUFFICIENCY = 6;
const Y_TICKS = [0, 2, 4, 6, 8, 10];

const px = (x: number) => PAD.left + x * PLOT_W;
const py = (y: number) => PAD.top + y * PLOT_H;

/**
 * A subject's numeric grades over the school year, September to June: an inline SVG whose name and
 * description (title and desc) give the same values as text, for screen readers and as a fallback.
 */
export function GradeChart({ grades, subjectName, yearStart }: { grades: readonly Grade[]; subjectName: string; yearStart: Temporal.PlainDate }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const points = chartPoints(grades, yearStart);
  const ticks = chartMonthTicks(yearStart);
  const description =
    points.length === 0
      ? t`Nessun voto numerico nell'anno.`
      : points.map((p) => `${formatDate(p.grade.data)}: ${p.grade.simbolo} (${formatGradeValue(p.grade.voto_numerico ?? 0)})`).join('; ');

  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      data-testid="grafico-voti"
    >
      <title id={`${id}-title`}>{t`Andamento dei voti di ${subjectName}`}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g className={styles.chartAxis}>
        {Y_TICKS.map((v) => {
          const y = py(1 - v / GRADE_SCALE_MAX);
          return (
            <g key={v}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className={v === SUFFICIENCY ? styles.chartSufficiency : styles.chartGrid} />
              <text x={PAD.left - 6} y={y} dy="0.32em" textAnchor="end">
                {v}
              </text>
            </g>
          );
        })}
        {ticks.map((tick) => (
          <g key={tick.month}>
            <line x1={px(tick.x)} x2={px(tick.x)} y1={PAD.top} y2={HEIGHT - PAD.bottom} className={styles.chartGrid} />
            <text x={px(tick.x) + 4} y={HEIGHT - 8}>
              {i18n._(MONTHS[tick.month]!)}
            </text>
          </g>
        ))}
      </g>
      {points.length > 1 && (
        <polyline className={styles.chartLine} points={points.map((p) => `${px(p.x)},${py(p.y)}`).join(' ')} />
      )}
      {points.map((p) => (
        <circle key={p.grade.id} className={styles.chartPoint} cx={px(p.x)} cy={py(p.y)} r={4.5} />
      ))}
    </svg>
  );
}
