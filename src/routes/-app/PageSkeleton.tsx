import { Skeleton } from '../../ui/States';

export function PageSkeleton() {
  return (
    <div style={{ padding: 'var(--space-5)' }}>
      <Skeleton lines={6} />
    </div>
  );
}
