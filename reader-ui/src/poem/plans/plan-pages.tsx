import { useId, useState } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { useLoad } from '../../ui/use-load';
import { useMe } from '../../ui/session';
import { loginHref } from '../../ui/account-urls';
import { useToast } from '../../ui/toast';
import { Loading } from '../../ui/loading';
import { HtmlContent } from '../../ui/html-content';
import { NotFoundPage } from '../../ui/not-found-page';
import { ReadFailure } from '../../ui/not-found';
import { usePageTitle } from '../../ui/use-page-title';
import { plural } from '../../ui/plural';
import { fetchCuratedPlan, fetchCuratedPlans, startPlan, type CuratedPlanDay, type CuratedPlanSummary } from './api';
import { dayText, planTitle, portionHref, portionText } from './names';
import './plans.css';

/** `/plans` and `/plans/{id}`: the editors' reading plans and shared calendars, for everyone to read and follow. */
export default function PlanPages() {
  return (
    <Switch>
      <Route path="/plans" component={CuratedPlansPage} />
      <Route path="/plans/:planId" component={CuratedPlanPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

const unit = (plan: Pick<CuratedPlanSummary, 'every'>) => (plan.every === 'week' ? 'Week' : 'Day');

/** What a plan covers and how it goes, in a line. */
function planFacts(plan: CuratedPlanSummary): string {
  const pace = plan.every === 'week' ? plural(plan.portions, 'week', 'weeks') : plural(plan.portions, 'day', 'days');
  const cut = plan.split === 'cantos' ? 'a canto at a time' : 'in even portions';
  const calendar = plan.calendarStart === null ? 'start it on any day' : `everyone together from ${dayText(plan.calendarStart)}`;
  return `${planTitle({ whole: false, ...plan })} · ${pace}, ${cut} · ${calendar}`;
}

/** A day's dates on a shared calendar: "29th Nov 26" or "29th Nov 26 – 5th Dec 26". */
const datesOf = (day: CuratedPlanDay) =>
  day.startDay === null ? null : day.startDay === day.endDay ? dayText(day.startDay) : `${dayText(day.startDay)} – ${dayText(day.endDay!)}`;

/** Follow a plan: it joins the reader's plans in My study, on the calendar's dates when it has them. */
function FollowButton({ plan }: { plan: CuratedPlanSummary }) {
  const me = useMe();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (me?.loggedIn !== true)
    return (
      <p className="muted">
        <Link href={loginHref(`/plans/${plan.planId}`)}>Log in</Link> to follow it with your reading marked day by day.
      </p>
    );
  const follow = async () => {
    setBusy(true);
    const result = await startPlan({ curated: plan.planId });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    toast(`Following “${plan.title}”: it is in My study.`, 'success');
    navigate('/my/study#plans');
  };
  return (
    <>
      <p className="plan-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void follow()}>
          Follow this plan
        </button>
      </p>
      {error !== null && (
        <p className="study-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The portion of one day or week: where to read, and the editors' commentary. */
function Portion({ plan, day, current }: { plan: CuratedPlanSummary; day: CuratedPlanDay; current: boolean }) {
  const headingId = useId();
  const dates = datesOf(day);
  return (
    <article className={current ? 'plan-portion is-current' : 'plan-portion'} aria-labelledby={headingId} aria-current={current ? 'date' : undefined}>
      <h3 id={headingId}>
        {current ? (plan.every === 'week' ? 'This week' : 'Today') : `${unit(plan)} ${day.day}`}
        {dates !== null && <span className="muted"> · {dates}</span>}
      </h3>
      {day.portion === null ? (
        <p className="muted">Nothing new: the portion before ends with a long sentence that runs into this one’s share.</p>
      ) : (
        <p>
          <Link href={portionHref(day.portion)}>{portionText(day.portion)}</Link>
        </p>
      )}
      {day.noteHtml !== '' && <HtmlContent className="plan-note" html={day.noteHtml} />}
    </article>
  );
}

function CuratedPlansPage() {
  usePageTitle('Reading plans');
  const loaded = useLoad('curated-plans', (signal) => fetchCuratedPlans(signal));
  return (
    <div className="page plans-page">
      <h1>Reading plans</h1>
      <p className="lead">
        Plans the editors made, with a word on each portion. A shared calendar is read by everyone on the same dates; any other plan starts on your day. To make
        your own, go to <Link href="/my/study#plans">My study</Link>.
      </p>
      {loaded === null ? (
        <Loading />
      ) : !loaded.ok ? (
        <p className="error">{loaded.message}</p>
      ) : loaded.data.plans.length === 0 ? (
        <p className="muted">No plans from the editors yet.</p>
      ) : (
        <ul className="plan-list">
          {loaded.data.plans.map((plan) => (
            <li key={plan.planId} className="plan">
              <h2>
                <Link href={`/plans/${plan.planId}`}>{plan.title}</Link>
              </h2>
              {plan.summary !== '' && <p>{plan.summary}</p>}
              <p className="muted">{planFacts(plan)}</p>
              {plan.current !== null && <Portion plan={plan} day={plan.current} current />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CuratedPlanPage() {
  const { planId } = useParams<{ planId: string }>();
  const loaded = useLoad(`curated-plan:${planId}`, (signal) => fetchCuratedPlan(planId, signal));
  usePageTitle(loaded === null ? 'Loading' : loaded.ok ? loaded.data.plan.title : loaded.message);
  if (loaded === null) return <Loading />;
  if (!loaded.ok) return <ReadFailure failure={loaded} what="There is no such reading plan." ways={[{ href: '/plans', label: 'All reading plans' }]} />;
  const { plan } = loaded.data;
  return (
    <div className="page plans-page">
      <p className="book-line">
        <Link href="/plans">Reading plans</Link>
      </p>
      <h1>{plan.title}</h1>
      {plan.summary !== '' && <p className="lead">{plan.summary}</p>}
      <p className="muted">{planFacts(plan)}</p>
      <FollowButton plan={plan} />
      <ol className="plan-days" aria-label={`${unit(plan)}s of the plan`}>
        {plan.days.map((day) => (
          <li key={day.day}>
            <Portion plan={plan} day={day} current={plan.current?.day === day.day} />
          </li>
        ))}
      </ol>
    </div>
  );
}
