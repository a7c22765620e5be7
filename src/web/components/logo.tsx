import { cn } from '@/web/lib/utils';

/**
 * The product mark: a rounded tile holding three rising sound bars that end in a forward chevron,
 * i.e. music moving down the supply chain. Drawn for 32 px and legible down to 20 px.
 */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
      <defs>
        <linearGradient id="logo-tile" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#3b7bf0" />
          <stop offset="1" stopColor="#1d4ea8" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="7" fill="url(#logo-tile)" />
      <rect x="7" y="15" width="3" height="8" rx="1.5" fill="#ffffff" opacity="0.75" />
      <rect x="12" y="11" width="3" height="12" rx="1.5" fill="#ffffff" opacity="0.88" />
      <rect x="17" y="8" width="3" height="15" rx="1.5" fill="#ffffff" />
      <path d="M22.5 11.5 L26 15.5 L22.5 19.5" fill="none" stroke="#ffffff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Mark plus word mark, as used in the header and on the sign-in page. */
export function Logo({ className, showTagline = false }: { className?: string; showTagline?: boolean }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="flex flex-col leading-tight">
        <span className="text-[0.95rem] font-semibold tracking-tight text-foreground">
          DDEX <span className="text-primary">Delivery</span>
        </span>
        {showTagline && <span className="text-xs text-muted-foreground">Streamline DDEX deliveries and workflows</span>}
      </span>
    </span>
  );
}
