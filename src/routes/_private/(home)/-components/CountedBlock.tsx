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
 * `of`: the id of the heading of what the block belongs to (the family Home's child), added to its
 * name, so that each child's "Lezioni di oggi" is a region of its own name, not one of several alike.
 */
export function CountedBlock<T, K extends QueryKey>({
  id,
  heading,
  query,
  select,
  empty,
  children,
  after,
  of,
}: {
  id: string;
  of?: string;
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
    <section className={styles.todayBlock} aria-labelledby={of ? `${id} ${of}` : id}>
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
