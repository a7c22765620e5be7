import {
  Activity,
  Clapperboard,
  Database,
  Disc3,
  FileCode2,
  LayoutDashboard,
  type LucideIcon,
  ScanSearch,
  Send,
  ShieldCheck,
  Users,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Sidebar for every signed-in user, in the spec's order. */
export const USER_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'DDEX Files', to: '/ddex-files', icon: FileCode2 },
  { label: 'Artists', to: '/artists', icon: Users },
  { label: 'Releases', to: '/releases', icon: Disc3 },
  { label: 'DDEX Media', to: '/ddex-media', icon: Clapperboard },
  { label: 'Delivery Status', to: '/delivery-status', icon: Activity },
];

/** The sidebar's 'Admin' section, shown to admins only. */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'DDEX Sources', to: '/sources', icon: Database },
  { label: 'Scan Jobs', to: '/scan-jobs', icon: ScanSearch },
  { label: 'Delivery Destinations', to: '/delivery-destinations', icon: Send },
  { label: 'Admin Panel', to: '/admin', icon: ShieldCheck },
];
