import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { GENERIC_ERROR } from '../app/messages';
import { Spinner } from '../ui/spinner';
import { healthStateAtom, loadHealthAtom } from './atoms';
import {
  formatCount,
  formatLag,
  healthStatusLabel,
  projectionStatusLabel,
  statusTone,
} from './format';
import type { Health, ProjectionHealth } from './types';
import './status-card.css';

/** How often the card re-checks while the page is visible. */
export const HEALTH_POLL_MS = 15_000;

/** Live system status: GET /api/health, polled while the page is visible. */
export function StatusCard() {
  const state = useAtomValue(healthStateAtom);
  const load = useSetAtom(loadHealthAtom);
  const inflight = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    void load(controller.signal);
  }, [load]);

  useEffect(() => {
    refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, HEALTH_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      inflight.current?.abort();
    };
  }, [refresh]);

  const busy = state.phase === 'loading' || (state.phase === 'ready' && state.refreshing);

  return (
    <section className="card status-card" aria-labelledby="status-heading" aria-busy={busy}>
      <div className="card-header">
        <h2 id="status-heading">System status</h2>
        {state.phase === 'ready' && (
          <button type="button" className="button" onClick={refresh} disabled={state.refreshing}>
            {state.refreshing && <Spinner label="Refreshing" size="small" silent />}
            Refresh
          </button>
        )}
      </div>

      {state.phase === 'loading' && (
        <div className="card-body">
          <Spinner label="Loading system status…" />
        </div>
      )}

      {state.phase === 'failed' && (
        <div className="card-body">
          <p className="error" role="alert">
            {GENERIC_ERROR}
          </p>
          <button type="button" className="button" onClick={refresh}>
            Try again
          </button>
        </div>
      )}

      {state.phase === 'ready' && (
        <div className="card-body">
          {state.refreshFailed && (
            <p className="error" role="alert">
              {GENERIC_ERROR}
            </p>
          )}
          <HealthDetails health={state.health} checkedAt={state.checkedAt} />
        </div>
      )}
    </section>
  );
}

function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`badge tone-${statusTone(status)}`}>{label}</span>;
}

function HealthDetails({ health, checkedAt }: { health: Health; checkedAt: number }) {
  const checked = new Date(checkedAt);
  return (
    <>
      <p className="overall">
        <StatusBadge status={health.status} label={healthStatusLabel(health.status)} />
      </p>
      <dl className="facts">
        <div>
          <dt>Head position</dt>
          <dd className="number">{formatCount(health.head)}</dd>
        </div>
        <div>
          <dt>Event store</dt>
          <dd>{health.eventStore}</dd>
        </div>
        <div>
          <dt>Checked</dt>
          <dd>
            <time dateTime={checked.toISOString()}>{checked.toLocaleTimeString()}</time>
          </dd>
        </div>
      </dl>

      <h3 className="projections-heading">Projections</h3>
      {health.projections.length === 0 ? (
        <p className="muted">No projections are registered yet.</p>
      ) : (
        <ul className="projections">
          {health.projections.map((p) => (
            <ProjectionRow key={`${p.name}@${p.version}`} projection={p} />
          ))}
        </ul>
      )}
    </>
  );
}

function ProjectionRow({ projection: p }: { projection: ProjectionHealth }) {
  return (
    <li className="projection">
      <div className="projection-title">
        <span className="projection-name">{p.name}</span>
        <span className="projection-version">v{p.version}</span>
        {!p.active && <span className="projection-standby">standby</span>}
      </div>
      <dl className="projection-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={p.status} label={projectionStatusLabel(p.status)} />
          </dd>
        </div>
        <div>
          <dt>Lag</dt>
          <dd className="number">{formatLag(p.lag)}</dd>
        </div>
        <div>
          <dt>Checkpoint</dt>
          <dd className="number">{formatCount(p.checkpoint)}</dd>
        </div>
      </dl>
      {p.error && <p className="projection-error">{p.error}</p>}
    </li>
  );
}
