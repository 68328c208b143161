import { useQuery } from '@tanstack/react-query';
import { fetchHealth } from './api';

const HEALTH_POLL_MS = 10_000;

/** The health report, re-fetched every few seconds while the console is visible. */
export function useHealth() {
  return useQuery({
    queryKey: ['epos', 'health'],
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    retry: 1,
  });
}
