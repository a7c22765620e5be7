import { ScanSearch } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function ScanJobsPage() {
  return (
    <>
      <PageHeader title="Scan Jobs" subtitle="Scan and import jobs" />
      <EmptyState icon={<ScanSearch />} title="No jobs yet" description="Start a scan to see its progress here." />
    </>
  );
}
