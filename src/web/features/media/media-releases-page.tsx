import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Disc3 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { ErrorState } from '@/web/components/ui/error-state';
import { PageHeader } from '@/web/components/ui/page-header';

/** /ddex-media/releases?fileId={id}: the releases imported from one DDEX file. */
export function MediaReleasesPage() {
  const [searchParams] = useSearchParams();
  const fileId = searchParams.get('fileId')?.trim() ?? '';

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-3 -ml-2">
        <Link to="/ddex-files">
          <ArrowLeft aria-hidden />
          Back to DDEX Files
        </Link>
      </Button>
      <PageHeader title="Imported Releases" subtitle={fileId ? `Releases imported from DDEX file ${fileId}` : undefined} />
      {fileId === '' ? (
        <ErrorState title="No DDEX file selected" message="This page needs a fileId in its address, e.g. /ddex-media/releases?fileId=123. Open it from the DDEX Files list." />
      ) : (
        <EmptyState icon={<Disc3 />} title="No releases imported from this file yet" />
      )}
    </>
  );
}
