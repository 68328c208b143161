import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useKept, useLoad } from '../../ui/use-load';
import { useToast } from '../../ui/toast';
import { Loading } from '../../ui/loading';
import { HtmlContent } from '../../ui/html-content';
import { plural } from '../../ui/plural';
import { MAX_PLAN_DAYS } from '@epos/schemas/study/vocabulary';
import { useConfirm } from '../../ui/confirm-dialog';
import type { Result } from '../../ui/http';
import { fetchAllContents, type ContentsResponse } from '../api';
import { fetchMyPlans, localToday, readPlan, reschedulePlan, startPlan, stopPlan, type NewPlan, type PlanPortion, type PlanToday } from './api';
import { dayText, planTitle, portionHref as readHref, portionText } from './names';
import './plans.css';

const NO_BOOKS: ContentsResponse['books'] = [];

/** My study's plans: each with today's portion, what is behind and the ways back; and a form to start one. */
export function MyPlans() {
  // The position of the last change: the list is read again once it shows it.
  const [after, setAfter] = useState<string | null>(null);
  const loaded = useKept(useLoad(`my-plans:${after ?? ''}`, (signal) => fetchMyPlans({ signal, after })));
  const contents = useLoad('all-contents', () => fetchAllContents());
  const books = contents?.ok ? contents.data : NO_BOOKS;
  if (loaded === null) return <Loading />;
  if (!loaded.ok) return <p className="error">{loaded.message}</p>;
  const { plans } = loaded.data;
  return (
    <>
      {plans.length === 0 ? (
        <p className="muted">No plan yet: choose what to read and how fast, and each day shows its portion.</p>
      ) : (
        <ol className="plan-list">
          {plans.map((plan) => (
            <li key={plan.planId}>
              <PlanCard plan={plan} books={books} onChanged={setAfter} />
            </li>
          ))}
        </ol>
      )}
      <p>
        Or follow one of the <Link href="/plans">editors’ reading plans</Link>, with a word on each portion.
      </p>
      <StartPlanForm books={books} onStarted={setAfter} />
    </>
  );
}

/** Runs one of a plan's changes: a toast on success, the server's words on failure. */
function useChange(onChanged: (position: string | null) => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<Result<unknown>>, done: string) => {
    setBusy(true);
    const result = await change();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    toast(done, 'success');
    onChanged(result.position);
  };
  return { busy, error, run };
}

function PlanCard({ plan, books, onChanged }: { plan: PlanToday; books: ContentsResponse['books']; onChanged: (position: string | null) => void }) {
  const headingId = useId();
  const { busy, error, run } = useChange(onChanged);
  const { confirm, dialog } = useConfirm();
  const title = plan.curated?.title ?? planTitle(plan, books);
  const percent = plan.lines === 0 ? 0 : Math.floor((plan.linesDone / plan.lines) * 100);
  const markRead = (portion: PlanPortion, done: string) => run(() => readPlan(plan.planId, portion.to.sentence), done);
  const stop = async () => {
    const sure = await confirm({
      question: 'Stop this plan?',
      detail: `“${title}” leaves your plans. What you have read stays counted in your reading.`,
      confirmLabel: 'Stop the plan',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (sure) await run(() => stopPlan(plan.planId), 'Plan stopped.');
  };
  return (
    <article className="plan" aria-labelledby={headingId}>
      <h3 id={headingId}>{plan.curated ? <Link href={`/plans/${plan.curated.planId}`}>{title}</Link> : title}</h3>
      <p className="muted">
        {plan.day === 0 ? `Starts on ${dayText(plan.startDay)}` : `Day ${Math.min(plan.day, plan.days)} of ${plan.days.toLocaleString()}`} · ends{' '}
        {dayText(plan.endDay)} · {percent}% read ({plan.linesDone.toLocaleString()} of {plural(plan.lines, 'line', 'lines')})
      </p>
      <progress className="plan-progress" max={Math.max(plan.lines, 1)} value={plan.linesDone} aria-label={`${title}: lines read`} />
      {plan.finished ? (
        <p className="plan-complete" role="status">
          <span aria-hidden="true">✓</span> Plan complete: every line read.
        </p>
      ) : (
        <>
          {plan.behind.days > 0 && plan.catchUp && (
            <div className="plan-behind" role="group" aria-label="Behind schedule">
              <p>
                <strong>{plural(plan.behind.days, 'day', 'days')} behind</strong> ({plural(plan.behind.lines, 'line', 'lines')}). Catch up:{' '}
                <Link href={readHref(plan.catchUp)}>{portionText(plan.catchUp)}</Link>
              </p>
              <p className="plan-actions">
                <button type="button" className="button" disabled={busy} onClick={() => void markRead(plan.catchUp!, 'Caught up.')}>
                  I have caught up
                </button>
                {plan.repaceTo && (
                  <button type="button" className="button" disabled={busy} onClick={() => void run(() => reschedulePlan(plan.planId, 'repace'), 'Re-paced.')}>
                    Re-pace to finish on {dayText(plan.repaceTo)}
                  </button>
                )}
                {plan.moveEndTo && (
                  <button type="button" className="button" disabled={busy} onClick={() => void run(() => reschedulePlan(plan.planId, 'moveEnd'), 'End moved.')}>
                    Keep the pace, end on {dayText(plan.moveEndTo)}
                  </button>
                )}
              </p>
            </div>
          )}
          {plan.todayDone ? (
            <div className="plan-day-done" role="status">
              <p>
                <span className="plan-check" aria-hidden="true">
                  ✓
                </span>{' '}
                <strong>{plan.day === 0 ? 'First day read ahead.' : `Day ${Math.min(plan.day, plan.days)} complete.`}</strong>{' '}
                {plan.days - plan.day > 0 && `${plural(plan.days - plan.day, 'day', 'days')} to go.`}
              </p>
              {plan.ahead && (
                <p>
                  Read ahead: <Link href={readHref(plan.ahead)}>{portionText(plan.ahead)}</Link>{' '}
                  <button type="button" className="button" disabled={busy} onClick={() => void markRead(plan.ahead!, 'Marked read.')}>
                    Mark read
                  </button>
                </p>
              )}
            </div>
          ) : plan.today ? (
            <div className="plan-today">
              <p>
                <strong>{plan.day === 0 ? 'First day:' : 'Today:'}</strong> {portionText(plan.today)}
              </p>
              <p className="plan-actions">
                <Link className="button button-primary" href={readHref(plan.today)}>
                  Read today’s portion
                </Link>
                <button type="button" className="button" disabled={busy} onClick={() => void markRead(plan.today!, `Day ${Math.max(plan.day, 1)} complete.`)}>
                  Mark today’s reading done
                </button>
              </p>
            </div>
          ) : (
            plan.behind.days === 0 && <p className="muted">Nothing new today: yesterday’s portion ended with a long sentence that runs into today’s share.</p>
          )}
        </>
      )}
      {plan.curated !== null && plan.curated.notes.length > 0 && (
        <section className="plan-editors" aria-label="From the editors">
          {plan.curated.notes.map((note) => (
            <HtmlContent key={note.day} className="plan-note" html={note.html} />
          ))}
        </section>
      )}
      {error !== null && (
        <p className="study-error" role="alert">
          {error}
        </p>
      )}
      <p className="plan-stop">
        <button type="button" className="button" disabled={busy} onClick={() => void stop()}>
          Stop this plan
        </button>
      </p>
      {dialog}
    </article>
  );
}

type What = 'whole' | 'range' | `book:${number}`;

/** Everything a plan can cover: the whole poem, a book, or cantos from … to; finished in days or read at lines a day. */
function StartPlanForm({ books, onStarted }: { books: ContentsResponse['books']; onStarted: (position: string | null) => void }) {
  const id = useId();
  const toast = useToast();
  const cantos = books.flatMap((b) => b.cantos.map((c) => ({ key: `${b.book}.${c.canto}`, book: b.book, canto: c.canto, name: c.name })));
  const [what, setWhat] = useState<What>('whole');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pace, setPace] = useState<'days' | 'lines'>('days');
  const [amount, setAmount] = useState('365');
  const [startDay, setStartDay] = useState(localToday);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const scope = (): Pick<NewPlan, 'from' | 'to'> | string => {
    if (what === 'whole') return {};
    if (what === 'range') {
      const first = cantos.find((c) => c.key === (from || cantos[0]?.key));
      const last = cantos.find((c) => c.key === (to || cantos.at(-1)?.key));
      if (!first || !last) return 'Choose the first and the last canto';
      return { from: { book: first.book, canto: first.canto }, to: { book: last.book, canto: last.canto } };
    }
    const book = books.find((b) => `book:${b.book}` === what);
    const [first, last] = [book?.cantos[0], book?.cantos.at(-1)];
    if (!book || !first || !last) return 'Choose a book';
    return { from: { book: book.book, canto: first.canto }, to: { book: book.book, canto: last.canto } };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const n = Number(amount);
    const chosen = scope();
    if (typeof chosen === 'string') return setError(chosen);
    if (amount.trim() === '' || !Number.isInteger(n) || n < 1 || (pace === 'days' && n > MAX_PLAN_DAYS))
      return setError(
        pace === 'days' ? `Give a whole number of days, from 1 to ${MAX_PLAN_DAYS.toLocaleString()}` : 'Give a whole number of lines a day, 1 or more',
      );
    setBusy(true);
    const result = await startPlan({ ...chosen, ...(pace === 'days' ? { days: n } : { linesPerDay: n }), startDay });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setError(null);
    toast('Plan started.', 'success');
    onStarted(result.position);
  };

  return (
    <form className="plan-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Start a plan</h3>
      <p className="plan-field">
        <label htmlFor={`${id}-what`}>What to read</label>
        <select id={`${id}-what`} className="input" value={what} onChange={(e) => setWhat(e.currentTarget.value as What)}>
          <option value="whole">The whole poem</option>
          {books.map((b) => (
            <option key={b.book} value={`book:${b.book}`}>
              Book {b.book}: {b.name}
            </option>
          ))}
          <option value="range">Cantos from … to …</option>
        </select>
      </p>
      {what === 'range' && (
        <p className="plan-field plan-range">
          <label htmlFor={`${id}-from`}>From</label>
          <select id={`${id}-from`} className="input" value={from || cantos[0]?.key} onChange={(e) => setFrom(e.currentTarget.value)}>
            {cantos.map((c) => (
              <option key={c.key} value={c.key}>
                Book {c.book}, Canto {c.canto}: {c.name}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-to`}>To</label>
          <select id={`${id}-to`} className="input" value={to || cantos.at(-1)?.key} onChange={(e) => setTo(e.currentTarget.value)}>
            {cantos.map((c) => (
              <option key={c.key} value={c.key}>
                Book {c.book}, Canto {c.canto}: {c.name}
              </option>
            ))}
          </select>
        </p>
      )}
      <fieldset className="plan-field plan-pace">
        <legend>Pace</legend>
        <label>
          <input type="radio" name={`${id}-pace`} checked={pace === 'days'} onChange={() => setPace('days')} /> Finish in a number of days
        </label>
        <label>
          <input type="radio" name={`${id}-pace`} checked={pace === 'lines'} onChange={() => setPace('lines')} /> Read a number of lines a day
        </label>
      </fieldset>
      <p className="plan-field">
        <label htmlFor={`${id}-amount`}>{pace === 'days' ? 'Days' : 'Lines a day'}</label>
        <input
          id={`${id}-amount`}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={pace === 'days' ? MAX_PLAN_DAYS : undefined}
          value={amount}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? `${id}-error` : undefined}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <label htmlFor={`${id}-start`}>Starts</label>
        <input id={`${id}-start`} className="input" type="date" value={startDay} onChange={(e) => setStartDay(e.currentTarget.value)} />
      </p>
      <p>
        <button type="submit" className="button button-primary" disabled={busy}>
          Start plan
        </button>
      </p>
      {error !== null && (
        <p id={`${id}-error`} className="study-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
