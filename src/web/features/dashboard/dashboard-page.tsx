import { LayoutDashboard } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function DashboardPage() {
  return (
    <>
      <PageHeader title="DDEX Dashboard" subtitle="Monitor your DDEX workflow from discovery to delivery" />
      <EmptyState icon={<LayoutDashboard />} title="No workflow data yet" description="Figures appear here once sources are scanned." />
    </>
  );
}
