import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/States';
import page from './Page.module.css';

/**
 * The skeleton of a filtered list screen (notes, annotations, competences): the title; a message
 * instead of everything else when there is nothing at all; otherwise the filters, then the list or
 * a message when nothing matches them.
 */
export function FilteredListPage({
  title,
  hasItems,
  empty,
  intro,
  filters,
  hasMatches,
  noMatch,
  children,
}: {
  title: ReactNode;
  hasItems: boolean;
  /** Shown when there is nothing at all. */
  empty: ReactNode;
  /** Shown above the filters when there is something. */
  intro?: ReactNode;
  filters: ReactNode;
  hasMatches: boolean;
  /** Shown when nothing matches the filters. */
  noMatch: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={page.page}>
      <h1>{title}</h1>
      {!hasItems ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          {intro}
          {filters}
          {!hasMatches ? <EmptyState>{noMatch}</EmptyState> : children}
        </>
      )}
    </div>
  );
}
