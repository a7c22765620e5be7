import { NavLink } from 'react-router';
import { cn } from '@/web/lib/utils';
import { getAppConfig } from '@/web/lib/config';
import { useAuth } from '@/web/app/auth/auth-context';
import { ADMIN_NAV, USER_NAV, type NavItem } from './nav-config';

function SidebarLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.to === '/'}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors focus-ring',
            isActive ? 'bg-sidebar-active text-sidebar-active-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )
        }
      >
        <Icon aria-hidden className="size-4 shrink-0" />
        {item.label}
      </NavLink>
    </li>
  );
}

/** Left navigation: everyone's items, then the 'Admin' section for admins. NavLink sets aria-current on the active item. */
export function Sidebar({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { isAdmin } = useAuth();
  return (
    <nav aria-label="Main" className={cn('flex h-full flex-col gap-5 overflow-y-auto px-3 py-4', className)}>
      <ul className="flex flex-col gap-0.5">
        {USER_NAV.map((item) => (
          <SidebarLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      {isAdmin && (
        <div>
          <h2 id="sidebar-admin-heading" className="mb-1.5 px-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Admin
          </h2>
          <ul aria-labelledby="sidebar-admin-heading" className="flex flex-col gap-0.5">
            {ADMIN_NAV.map((item) => (
              <SidebarLink key={item.to} item={item} onNavigate={onNavigate} />
            ))}
          </ul>
        </div>
      )}
      <p className="mt-auto px-2.5 text-xs text-muted-foreground/80">Version {getAppConfig().version}</p>
    </nav>
  );
}
