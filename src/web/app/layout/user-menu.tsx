import { Link, useNavigate } from 'react-router';
import { ChevronDown, LogIn, LogOut, ShieldCheck } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/web/components/ui/avatar';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { Skeleton } from '@/web/components/ui/skeleton';
import { notify } from '@/web/components/ui/toaster';
import { useAuth } from '@/web/app/auth/auth-context';
import { avatarInitial } from '@/web/lib/user-display';

export function UserMenu() {
  const { user, isAdmin, loading, signOut } = useAuth();
  const navigate = useNavigate();

  if (loading) {
    return (
      <div role="status" aria-label="Loading user" className="flex items-center gap-2">
        <Skeleton className="size-8 rounded-full" />
        <Skeleton className="hidden h-4 w-24 sm:block" />
      </div>
    );
  }

  if (!user) {
    return (
      <Button asChild size="md">
        <Link to="/auth">
          <LogIn aria-hidden />
          Sign In
        </Link>
      </Button>
    );
  }

  async function handleSignOut() {
    try {
      await signOut();
      navigate('/auth', { replace: true });
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Sign out failed');
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label="User menu"
          className="flex items-center gap-2 rounded-full py-0.5 pr-2 pl-0.5 transition-colors hover:bg-muted focus-ring data-[state=open]:bg-muted"
        >
          <Avatar>
            {user.image && <AvatarImage src={user.image} alt="" />}
            <AvatarFallback>{avatarInitial(user.email)}</AvatarFallback>
          </Avatar>
          <span className="hidden max-w-40 truncate text-sm font-medium md:block">{user.name ?? user.email}</span>
          <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <div className="flex flex-col gap-0.5">
            {user.name && <p className="truncate text-sm font-semibold">{user.name}</p>}
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            <div className="mt-1.5 flex gap-1.5">
              <Badge variant="success">Access</Badge>
              {isAdmin && <Badge variant="accent">Admin</Badge>}
            </div>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isAdmin && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldCheck aria-hidden />
            Admin Panel
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={handleSignOut}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
