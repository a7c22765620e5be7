import { Database } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function SourcesPage() {
  return (
    <>
      <PageHeader title="DDEX Sources" subtitle="Storage sources that partners deliver DDEX messages to" />
      <EmptyState icon={<Database />} title="No DDEX sources yet" description="Add a source to start discovering deliveries." />
    </>
  );
}
