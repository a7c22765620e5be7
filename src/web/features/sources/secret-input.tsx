import * as React from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Input, Textarea } from '@/web/components/ui';
import { cn } from '@/web/lib/utils';
import { MASK } from '@/features/sources/shared';

/**
 * A secret field, masked until the show/hide toggle is pressed. A stored secret arrives as the
 * mask; focusing it selects the whole mask so typing replaces it instead of appending to it.
 */
export function SecretInput({
  id,
  value,
  onChange,
  label,
  multiline = false,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Names the toggle for screen readers: 'Show {label}'. */
  label: string;
  multiline?: boolean;
  placeholder?: string;
}) {
  const [visible, setVisible] = React.useState(false);
  const selectMask = (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.currentTarget.value === MASK) event.currentTarget.select();
  };
  const toggle = (
    <button
      type="button"
      onClick={() => setVisible((v) => !v)}
      aria-label={`${visible ? 'Hide' : 'Show'} ${label}`}
      aria-pressed={visible}
      aria-controls={id}
      className={cn(
        'absolute right-1 flex size-6 items-center justify-center rounded text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-ring [&_svg]:size-4',
        multiline ? 'top-1' : 'top-1/2 -translate-y-1/2',
      )}
    >
      {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
    </button>
  );

  if (multiline) {
    return (
      <div className="relative">
        <Textarea
          id={id}
          value={value}
          rows={5}
          spellCheck={false}
          autoComplete="off"
          placeholder={placeholder}
          onFocus={selectMask}
          onChange={(e) => onChange(e.target.value)}
          className="pr-9 font-mono text-xs"
          // Browsers have no password textarea; this draws discs instead of the JSON key's text.
          style={visible ? undefined : ({ WebkitTextSecurity: 'disc' } as React.CSSProperties)}
        />
        {toggle}
      </div>
    );
  }
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        autoComplete="new-password"
        spellCheck={false}
        placeholder={placeholder}
        onFocus={selectMask}
        onChange={(e) => onChange(e.target.value)}
        className="pr-9 font-mono"
      />
      {toggle}
    </div>
  );
}
