import { Disc3 } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function ReleasesPage() {
  return (
    <>
      <PageHeader title="Releases" subtitle="DDEX Music & Video Releases" />
      <EmptyState icon={<Disc3 />} title="No releases yet" description="Imported releases appear here." />
    </>
  );
}
