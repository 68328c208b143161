import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { useKept, useLoad } from '../../ui/use-load';
import { useToast } from '../../ui/toast';
import { Loading } from '../../ui/loading';
import { plural } from '../../ui/plural';
import { sectionPath } from '../../ui/poem-address';
import { fetchMyReading, setReadingGoal, type MyReadingAnswer } from './api';
import './reading.css';

/** The calendar's span: thirteen weeks. */
const CALENDAR_DAYS = 91;

const minutes = (seconds: number) => (seconds < 60 ? 'under a minute' : `${Math.round(seconds / 60).toLocaleString()} min`);

/** The days of the calendar, oldest first, ending today (YYYY-MM-DD, as the reader's days are counted). */
function calendarDays(today: string): string[] {
  const end = new Date(`${today}T00:00:00Z`).getTime();
  return Array.from({ length: CALENDAR_DAYS }, (_, i) => new Date(end - (CALENDAR_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** A day's row in the calendar's weeks, Monday first (1–7). */
const weekdayRow = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** How dark a day's square is: none, a glance, a sitting, a long sitting. */
function level(seconds: number): 0 | 1 | 2 | 3 {
  if (seconds === 0) return 0;
  if (seconds < 10 * 60) return 1;
  if (seconds < 30 * 60) return 2;
  return 3;
}

/** My study's reading: where to continue, today, streaks, a calendar of thirteen weeks and the last sessions. */
export function MyReading() {
  // The position of the last goal set: the answer is read again once it shows it.
  const [after, setAfter] = useState<string | null>(null);
  const loaded = useKept(useLoad(`my-reading:${after ?? ''}`, (signal) => fetchMyReading({ signal, days: CALENDAR_DAYS, after })));
  if (loaded === null) return <Loading />;
  if (!loaded.ok) return <p className="error">{loaded.message}</p>;
  return <Reading reading={loaded.data} onGoalSet={setAfter} />;
}

/** The daily goal in minutes: set, changed or cleared. */
function GoalForm({ minutesPerDay, onSet }: { minutesPerDay: number | null; onSet: (position: string | null) => void }) {
  const id = useId();
  const toast = useToast();
  const [value, setValue] = useState(minutesPerDay === null ? '' : String(minutesPerDay));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (goal: number | null) => {
    setBusy(true);
    const result = await setReadingGoal(goal);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    if (goal === null) setValue('');
    toast(goal === null ? 'Daily goal cleared.' : `Daily goal: ${goal} min.`, 'success');
    onSet(result.position);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const goal = Number(value);
    if (value.trim() === '' || !Number.isInteger(goal) || goal < 1 || goal > 600) {
      setError('Give a whole number of minutes, from 1 to 600');
      return;
    }
    void save(goal);
  };
  return (
    <form className="reading-goal" onSubmit={onSubmit} noValidate>
      <label htmlFor={id}>Daily goal (minutes)</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={1}
        max={600}
        value={value}
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        Save goal
      </button>
      {minutesPerDay !== null && (
        <button type="button" className="button" disabled={busy} onClick={() => void save(null)}>
          Clear goal
        </button>
      )}
      {error !== null && (
        <span id={`${id}-error`} className="study-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

function Reading({ reading, onGoalSet }: { reading: MyReadingAnswer; onGoalSet: (position: string | null) => void }) {
  const { position, today, streak, sessions, goal } = reading;
  const goalSeconds = goal.minutesPerDay === null ? null : goal.minutesPerDay * 60;
  const byDay = new Map(reading.days.map((d) => [d.day, d]));
  return (
    <>
      <dl className="reading-summary">
        <div>
          <dt>Today</dt>
          <dd>
            {minutes(today.seconds)}
            {goal.minutesPerDay !== null && ` of ${goal.minutesPerDay} min`}
          </dd>
        </div>
        <div>
          <dt>Streak</dt>
          <dd>{plural(streak.current, 'day', 'days')}</dd>
        </div>
        <div>
          <dt>Longest streak</dt>
          <dd>{plural(streak.longest, 'day', 'days')}</dd>
        </div>
      </dl>
      {goalSeconds !== null && (
        <p className="reading-goal-today">
          <progress max={goalSeconds} value={Math.min(today.seconds, goalSeconds)} aria-label="Today's reading against the daily goal" />{' '}
          {today.seconds >= goalSeconds ? 'Today’s goal is met.' : `${minutes(goalSeconds - today.seconds)} to go today.`}{' '}
          <span className="muted">Met on {plural(goal.daysMet, 'day', 'days')} of the last thirteen weeks.</span>
        </p>
      )}
      <GoalForm key={goal.minutesPerDay ?? 'none'} minutesPerDay={goal.minutesPerDay} onSet={onGoalSet} />
      {position === null ? (
        <p className="muted">Nothing read yet while signed in: your reading is counted while a section is on screen.</p>
      ) : (
        <p>
          <Link className="button button-primary" href={sectionPath(position, position.sentence)}>
            Continue reading
          </Link>{' '}
          <span className="muted">
            Book {position.book}, Canto {position.canto}, Section {position.section}, sentence {position.sentence} ·{' '}
            <time dateTime={machineDate(position.at)}>{formatShortDateTime(position.at)}</time>
          </span>
        </p>
      )}
      <h3>The last thirteen weeks</h3>
      <ol className="reading-calendar" aria-label="Days read in the last thirteen weeks">
        {calendarDays(today.day).map((day, i) => {
          const read = byDay.get(day);
          const met = read !== undefined && goalSeconds !== null && read.seconds >= goalSeconds;
          const text = read
            ? `${day}: ${minutes(read.seconds)}, ${plural(read.sections, 'section', 'sections')}${met ? ', goal met' : ''}`
            : `${day}: not read`;
          return (
            <li
              key={day}
              // A column a week, Monday at the top: the first day stands in its weekday's row.
              className={`reading-day reading-level-${level(read?.seconds ?? 0)}${met ? ' reading-met' : ''}${i === 0 ? ` reading-row-${weekdayRow(day)}` : ''}`}
              title={text}
            >
              <span className="visually-hidden">{text}</span>
            </li>
          );
        })}
      </ol>
      <p className="muted reading-legend">
        A column a week, Monday at the top. Darker: longer reading (under 10 minutes, under 30, more){goalSeconds !== null && '; ringed: the goal met'}.
      </p>
      {sessions.length > 0 && (
        <>
          <h3>Last sessions</h3>
          <ul className="reading-sessions">
            {sessions.map((s) => (
              <li key={s.startedAt}>
                <time dateTime={machineDate(s.startedAt)}>{formatShortDateTime(s.startedAt)}</time> · {minutes(s.seconds)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
