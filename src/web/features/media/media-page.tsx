import { Clapperboard } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function MediaPage() {
  return (
    <>
      <PageHeader title="DDEX Media" subtitle="Audio and video tracks and releases" />
      <EmptyState icon={<Clapperboard />} title="No media yet" description="Imported tracks and videos appear here." />
    </>
  );
}
