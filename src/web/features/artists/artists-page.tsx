import { Users } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function ArtistsPage() {
  return (
    <>
      <PageHeader title="Artists" subtitle="Screen and manage the artists of your deliveries" />
      <EmptyState icon={<Users />} title="No artists yet" description="Artists appear here once DDEX files are scanned." />
    </>
  );
}
