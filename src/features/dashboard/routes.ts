import type { ApiRouter } from '@/server/api-router';
import type { AppDeps } from '@/server/context';
import { getDashboard } from './service';

export function registerDashboardRoutes(api: ApiRouter, deps: AppDeps) {
  api.get('/dashboard', 'user', async (c) => c.json(await getDashboard(deps)));
}
