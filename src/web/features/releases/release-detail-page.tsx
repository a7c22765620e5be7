import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, Disc3 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { PageHeader } from '@/web/components/ui/page-header';

export function ReleaseDetailPage() {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();

  // Back: history back when the user came from inside the app, else the list.
  function goBack() {
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate('/releases');
  }

  return (
    <>
      <Button variant="ghost" size="sm" className="mb-3 -ml-2" onClick={goBack}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <PageHeader title="Release" subtitle={id ? `Release ${id}` : undefined} />
      <EmptyState icon={<Disc3 />} title="Release details are not available yet" />
    </>
  );
}
