'use client';

import { clientLazy } from '@/components/ui/client/client-lazy';

/** The Analytics tab's charts, their recharts code fetched in the browser only: the tab's table and figures are the server's. */
export const BalanceChartLazy = clientLazy(() => import('./BalanceChart').then((m) => m.BalanceChart), <div className="h-[280px] w-full" aria-busy="true" />);
export const TokenBalanceChartLazy = clientLazy(() => import('./TokenBalanceChart').then((m) => m.TokenBalanceChart), <div className="h-[140px] w-full" aria-busy="true" />);
