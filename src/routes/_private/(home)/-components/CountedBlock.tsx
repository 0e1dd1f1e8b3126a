import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../../ui/States';
import { Loaded } from '../../../-shared/Loaded';
import page from '../../../-shared/Page.module.css';
import styles from './Home.module.css';

/**
 * A block of a Home's day (the one-child summary's and each part of the family Home's): its heading
 * with its count (`null` while it loads or when it failed) and its states (Loaded: a short skeleton,
 * the failure's words in place, nothing found, or the items), then what follows it (a link).
 */
export function CountedBlock<T, K extends QueryKey>({
  id,
  heading,
  query,
  select,
  empty,
  children,
  after,
}: {
  id: string;
  heading: (count: number | null) => ReactNode;
  query: UseQueryOptions<T, Error, T, K>;
  select: (data: T) => unknown[];
  empty: ReactNode;
  children: (data: T) => ReactNode;
  after?: ReactNode;
}) {
  const title = (count: number | null) => (
    <h3 id={id} className={styles.todayTitle}>
      {heading(count)}
    </h3>
  );
  return (
    <section className={styles.todayBlock} aria-labelledby={id}>
      <Loaded
        query={query}
        skeleton={
          <>
            {title(null)}
            <Skeleton lines={2} />
          </>
        }
        failure={({ message }) => (
          <>
            {title(null)}
            <p role="alert" className={styles.error}>
              {message}
            </p>
          </>
        )}
      >
        {(data) => {
          const count = select(data).length;
          return (
            <>
              {title(count)}
              {count > 0 ? children(data) : <p className={page.muted}>{empty}</p>}
            </>
          );
        }}
      </Loaded>
      {after}
    </section>
  );
}
