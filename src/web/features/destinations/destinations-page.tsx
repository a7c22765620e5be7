import { Send } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function DestinationsPage() {
  return (
    <>
      <PageHeader title="Delivery Destinations" subtitle="Where releases are delivered to" />
      <EmptyState icon={<Send />} title="No delivery destinations configured" description="Add a destination to deliver releases to." />
    </>
  );
}
