import * as React from 'react';
import { PlugZap } from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  SimpleSelect,
  notify,
} from '@/web/components/ui';
import { ApiError, errorMessage } from '@/web/lib/api';
import {
  EMPTY_SOURCE_FORM,
  SCAN_SETTING_FIELDS,
  STORAGE_TYPES,
  STORAGE_TYPE_LABELS,
  connectionTestProblem,
  sourceFormProblem,
  type ScanSettingKey,
  type SourceFormValues,
  type StorageType,
} from '@/features/sources/shared';
import { SecretInput } from './secret-input';
import { CONNECTION_FAILED_FALLBACK, describeSuccess, formValuesOfSource, testConnection, type Source } from './sources-api';

const BUNNY_REGION_OPTIONS = [
  { value: 'default', label: 'Default (Falkenstein, DE)' },
  { value: 'uk', label: 'London (UK)' },
  { value: 'ny', label: 'New York (NY)' },
  { value: 'la', label: 'Los Angeles (LA)' },
  { value: 'sg', label: 'Singapore (SG)' },
  { value: 'se', label: 'Stockholm (SE)' },
  { value: 'br', label: 'São Paulo (BR)' },
  { value: 'jh', label: 'Johannesburg (JH)' },
  { value: 'syd', label: 'Sydney (SYD)' },
];

const STORAGE_TYPE_OPTIONS = STORAGE_TYPES.map((type) => ({ value: type, label: STORAGE_TYPE_LABELS[type] }));

export interface SourceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The source being edited; null adds a new one. */
  source: Source | null;
  /** Saves; rejects with the server's error so the dialog stays open. */
  onSave: (values: SourceFormValues) => Promise<void>;
}

/** Add/edit a source: the kind's fields, masked secrets, the security notice and 'Test'. */
export function SourceFormDialog({ open, onOpenChange, source, onSave }: SourceFormDialogProps) {
  const [values, setValues] = React.useState<SourceFormValues>(EMPTY_SOURCE_FORM);
  const [saving, setSaving] = React.useState(false);
  const [testing, setTesting] = React.useState(false);

  // Each opening starts from the saved source (or a blank form), never from an abandoned edit.
  React.useEffect(() => {
    if (open) setValues(source ? formValuesOfSource(source) : EMPTY_SOURCE_FORM);
  }, [open, source]);

  const set = <K extends keyof SourceFormValues>(key: K) => (value: SourceFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const bind = (key: Exclude<keyof SourceFormValues, 'scanSettings'>) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key)(e.target.value),
  });
  const setScanSetting = (key: ScanSettingKey, text: string) => setValues((v) => ({ ...v, scanSettings: { ...v.scanSettings, [key]: text } }));
  const changedScanSettings = SCAN_SETTING_FIELDS.filter((f) => values.scanSettings[f.key].trim() !== '').length;
  const missingForTest = connectionTestProblem(values);
  const kind = values.storageType;

  async function handleTest() {
    if (missingForTest) {
      notify.error(missingForTest, 'Missing Information');
      return;
    }
    setTesting(true);
    try {
      const result = await testConnection(values, source?.storage_type === kind ? source.id : null);
      if (result.success) notify.success('Connection Successful', describeSuccess(result));
      else notify.error(result.message || CONNECTION_FAILED_FALLBACK[kind], 'Connection Failed');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) notify.error(error.message, 'Missing Information');
      else notify.error(errorMessage(error, 'Unable to test connection. Please check your configuration.'), 'Connection Test Failed');
    } finally {
      setTesting(false);
    }
  }

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const problem = sourceFormProblem(values);
    if (problem) {
      notify.error(problem, 'Validation Error');
      return;
    }
    setSaving(true);
    try {
      await onSave(values);
      onOpenChange(false);
    } catch {
      // The page reports the failure; the dialog stays open to correct and retry.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent size="lg" aria-describedby="source-form-description">
        <DialogHeader>
          <DialogTitle>{source ? 'Edit DDEX Source' : 'Add New DDEX Source'}</DialogTitle>
          <DialogDescription id="source-form-description">
            {source ? `Change how the product reaches ${source.name}.` : 'Connect the storage where a partner delivers DDEX ERN messages.'}
          </DialogDescription>
        </DialogHeader>

        <form id="source-form" className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Source Name" htmlFor="source-name" required>
              <Input id="source-name" placeholder="e.g. FUGA" autoComplete="off" {...bind('name')} />
            </Field>
            <Field label="Storage Type" htmlFor="source-storage-type">
              <SimpleSelect
                id="source-storage-type"
                value={kind}
                onValueChange={(next) => set('storageType')(next as StorageType)}
                options={STORAGE_TYPE_OPTIONS}
              />
            </Field>
          </div>

          {kind === 'bunny_cdn' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Storage Zone" htmlFor="source-storage-zone" required>
                <Input id="source-storage-zone" placeholder="e.g. partner-drops" autoComplete="off" {...bind('storageZone')} />
              </Field>
              <Field label="Region" htmlFor="source-region" hint="Where the storage zone's primary copy lives.">
                <SimpleSelect
                  id="source-region"
                  value={values.region || 'default'}
                  onValueChange={(next) => set('region')(next === 'default' ? '' : next)}
                  options={BUNNY_REGION_OPTIONS}
                />
              </Field>
              <Field label="Access Key" htmlFor="source-access-key" required className="sm:col-span-2" hint="The storage zone's password (FTP & API access), not the account API key.">
                <SecretInput id="source-access-key" label="access key" value={values.accessKey} onChange={set('accessKey')} />
              </Field>
            </div>
          )}

          {kind === 'google_cloud' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Project ID" htmlFor="source-gcs-project" required>
                <Input id="source-gcs-project" placeholder="e.g. my-label-prod" autoComplete="off" {...bind('gcsProjectId')} />
              </Field>
              <Field label="Bucket Name" htmlFor="source-gcs-bucket" required>
                <Input id="source-gcs-bucket" placeholder="e.g. ddex-inbox" autoComplete="off" {...bind('gcsBucketName')} />
              </Field>
              <Field label="Service Account Key (JSON)" htmlFor="source-gcs-key" required className="sm:col-span-2" hint="Paste the whole key file of a service account that may list and read the bucket.">
                <SecretInput id="source-gcs-key" label="service account key" multiline value={values.gcsServiceAccountKey} onChange={set('gcsServiceAccountKey')} placeholder='{"type": "service_account", ...}' />
              </Field>
              <Field label="API Endpoint (optional)" htmlFor="source-endpoint" className="sm:col-span-2" hint="Leave empty for Google Cloud Storage itself.">
                <Input id="source-endpoint" placeholder="https://storage.googleapis.com" autoComplete="off" {...bind('endpointUrl')} />
              </Field>
            </div>
          )}

          {kind === 's3' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Bucket" htmlFor="source-storage-zone" required>
                <Input id="source-storage-zone" placeholder="e.g. ddex-inbox" autoComplete="off" {...bind('storageZone')} />
              </Field>
              <Field label="Region (optional)" htmlFor="source-region">
                <Input id="source-region" placeholder="us-east-1" autoComplete="off" {...bind('region')} />
              </Field>
              <Field label="Endpoint URL (optional)" htmlFor="source-endpoint" className="sm:col-span-2" hint="For S3-compatible stores (MinIO, Cloudflare R2, Wasabi); empty means Amazon S3.">
                <Input id="source-endpoint" placeholder="https://s3.example.com" autoComplete="off" {...bind('endpointUrl')} />
              </Field>
              <Field label="Access Key ID" htmlFor="source-access-key-id" required>
                <Input id="source-access-key-id" autoComplete="off" className="font-mono" {...bind('accessKeyId')} />
              </Field>
              <Field label="Secret Access Key" htmlFor="source-secret-access-key" required>
                <SecretInput id="source-secret-access-key" label="secret access key" value={values.secretAccessKey} onChange={set('secretAccessKey')} />
              </Field>
            </div>
          )}

          {kind === 'local' && (
            <Field label="Folder Path" htmlFor="source-storage-zone" required hint="Absolute path of a folder on the server, e.g. /srv/ddex/inbox. It must exist.">
              <Input id="source-storage-zone" placeholder="/srv/ddex/inbox" autoComplete="off" className="font-mono" {...bind('storageZone')} />
            </Field>
          )}

          <Accordion type="single" collapsible className="rounded-md border px-3">
            <AccordionItem value="scan-settings">
              <AccordionTrigger>
                <span>
                  Scan settings
                  <span className="ml-2 text-xs font-normal text-muted-foreground">
                    {changedScanSettings === 0 ? 'defaults' : `${changedScanSettings} changed`}
                  </span>
                </span>
              </AccordionTrigger>
              <AccordionContent className="grid gap-4 sm:grid-cols-3">
                {SCAN_SETTING_FIELDS.map((field) => (
                  <Field key={field.key} label={field.label} htmlFor={`source-setting-${field.key}`} hint={`${field.hint} Default ${field.defaultValue}.`}>
                    <Input
                      id={`source-setting-${field.key}`}
                      type="number"
                      inputMode="numeric"
                      min={field.min}
                      max={field.max}
                      step={1}
                      placeholder={String(field.defaultValue)}
                      value={values.scanSettings[field.key]}
                      onChange={(e) => setScanSetting(field.key, e.target.value)}
                    />
                  </Field>
                ))}
              </AccordionContent>
            </AccordionItem>
          </Accordion>

          {kind !== 'local' && (
            <Alert variant="info" title="Keys are stored securely">
              They are encrypted at rest and never shown again after saving. A masked key is kept as it is unless you type a new one.
            </Alert>
          )}
        </form>

        <DialogFooter className="items-center sm:justify-between">
          <div className="flex min-w-0 items-center gap-2">
            <Button variant="outline" onClick={handleTest} disabled={Boolean(missingForTest)} loading={testing} aria-describedby={missingForTest ? 'source-test-hint' : undefined}>
              <PlugZap aria-hidden />
              Test
            </Button>
            {missingForTest && (
              <p id="source-test-hint" className="text-xs text-muted-foreground">
                {missingForTest}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" form="source-form" loading={saving}>
              {source ? 'Save Changes' : 'Add Source'}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
