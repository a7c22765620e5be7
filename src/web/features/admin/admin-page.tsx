import { ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function AdminPage() {
  return (
    <>
      <PageHeader title="Admin Panel" subtitle="Data maintenance, repairs and user management" />
      <EmptyState icon={<ShieldCheck />} title="Nothing here yet" description="Admin tools will appear here." />
    </>
  );
}
