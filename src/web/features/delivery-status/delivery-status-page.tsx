import { Activity } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function DeliveryStatusPage() {
  return (
    <>
      <PageHeader title="Delivery Status" subtitle="Delivery jobs and their progress" />
      <EmptyState icon={<Activity />} title="No delivery jobs found" description="Deliver a release to see its jobs here." />
    </>
  );
}
