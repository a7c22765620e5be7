import { FileCode2 } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

export function DdexFilesPage() {
  return (
    <>
      <PageHeader title="DDEX Files" subtitle="Discovered DDEX deliveries, ready to screen and import" />
      <EmptyState icon={<FileCode2 />} title="No DDEX files yet" description="Scan a source to discover DDEX deliveries." />
    </>
  );
}
