import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ChartSeries } from '../charts/chart-types';
import { messageOf } from '../lib/errors';
import { readAnswersParam, type LessonProgress } from '../lesson/answers';
import { fetchLesson } from '../lesson/lesson-index';
import type { Lesson } from '../lesson/lesson-format';
import { LessonMenu } from '../lesson/LessonMenu';
import { LessonPlayer } from '../lesson/LessonPlayer';
import type { SketchOverlay } from '../lesson/sketch';
import { isRecord } from '../lib/json';
import type { Layout } from '../charts/layout';
import type { LinkTeach } from '../scenario/link-teach';
import { encodeLabState } from '../scenario/url-codec';
import { mergePolicies, openPolicy, type ViewPolicy } from '../scenario/view-policy';
import { TeacherLink } from '../lesson/TeacherLink';
import type { Lab } from '../lab/lab';
import { useSideStatuses } from './use-lab';

// Lesson mode: `?lesson=<id>` opens public/lessons/<id>.json in the player
// beside the charts (`&step=<n>` fixes it to step n, counted from 1;
// `&answers=` brings a student's handed-in answers). The lesson's step sets
// the lab's state and what of the page is shown, hidden or locked.

export interface LessonRequest {
  id: string;
  /** Zero-based; null lets the student move between steps. */
  step: number | null;
  answers: string | null;
}

export function lessonRequest(search: string): LessonRequest | null {
  const params = new URLSearchParams(search);
  const id = params.get('lesson');
  if (!id) return null;
  const step = Number(params.get('step'));
  return { id, step: Number.isInteger(step) && step >= 1 ? step - 1 : null, answers: params.get('answers') };
}

function setLessonParam(id: string | null): void {
  const url = new URL(window.location.href);
  for (const key of ['lesson', 'step', 'answers']) url.searchParams.delete(key);
  if (id !== null) url.searchParams.set('lesson', id);
  window.history.replaceState(window.history.state, '', url.toString());
}

interface Open {
  lesson: Lesson;
  fixedStep: number | null;
  handedIn: LessonProgress | null;
  n: number;
}

export function useLessonMode(lab: Lab | null, load: (json: string) => Promise<string | null>, base: string, showWholeRun: () => void) {
  const [open, setOpen] = useState<Open | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [policy, setPolicy] = useState<ViewPolicy>(openPolicy);
  const [overlay, setOverlay] = useState<SketchOverlay | null>(null);
  // What a teacher link hides and locks, whatever the lesson's step shows.
  const [linkPolicy, setLinkPolicy] = useState<ViewPolicy>(openPolicy);

  const start = useCallback(
    async (request: LessonRequest) => {
      try {
        const lesson = await fetchLesson(base, request.id);
        const read = request.answers === null ? null : await readAnswersParam(request.answers, lesson);
        if (typeof read === 'string') setError(read);
        const fixedStep = request.step === null ? null : Math.min(request.step, lesson.steps.length - 1);
        setOpen((o) => ({ lesson, fixedStep, handedIn: typeof read === 'string' ? null : read, n: (o?.n ?? 0) + 1 }));
        if (typeof read !== 'string') setError(null);
        setLessonParam(request.id);
      } catch (e) {
        setError(`The lesson could not be opened: ${messageOf(e)}`);
      }
    },
    [base],
  );

  useEffect(() => {
    const request = lessonRequest(window.location.search);
    if (request) void start(request);
  }, [start]);

  /** A link opened: its teacher settings apply (a link without them opens everything), and its lesson opens. */
  const fromLink = useCallback(
    (teach: LinkTeach | undefined) => {
      setLinkPolicy(teach?.policy ?? openPolicy);
      if (teach?.lesson) void start({ id: teach.lesson, step: teach.step, answers: null });
    },
    [start],
  );

  const close = useCallback(() => {
    setOpen(null);
    setPolicy(openPolicy);
    setOverlay(null);
    setLessonParam(null);
  }, []);

  const lessonLab = useMemo(
    () =>
      lab && {
        load: async (json: string) => {
          await lab.pause();
          return load(json);
        },
        runUntil: (untilS: number) => lab.runUntil(untilS),
        showWholeRun,
      },
    [lab, load, showWholeRun],
  );

  const overlaySeries = useCallback(
    (metricId: string, side: number): readonly ChartSeries[] => (overlay && side === 0 && overlay.chart === metricId ? [overlay.series] : []),
    [overlay],
  );

  const menu: ReactNode = <LessonMenu base={base} onStart={(id) => void start({ id, step: null, answers: null })} />;
  const player: ReactNode =
    open && lessonLab ? (
      <LessonPlayer
        key={`${open.lesson.id}-${open.n}`}
        lesson={open.lesson}
        lab={lessonLab}
        base={base}
        fixedStep={open.fixedStep}
        handedIn={open.handedIn}
        onPolicy={setPolicy}
        onSketch={setOverlay}
        onClose={close}
      />
    ) : null;
  const pagePolicy = useMemo(() => mergePolicies(linkPolicy, open ? policy : openPolicy), [linkPolicy, open, policy]);
  return { menu, player, error, dismissError: () => setError(null), policy: pagePolicy, overlaySeries, fromLink, active: open !== null };
}

/** The teacher link maker, building on the lab's current scenario and layout. */
export function TeacherLinkMenu({ lab, layout, base }: { lab: Lab; layout: Layout; base: string }) {
  const makeLink = async (teach: LinkTeach): Promise<string> => {
    const scenario: unknown = JSON.parse(await lab.exportScenario());
    if (!isRecord(scenario)) throw new Error('the current scenario is not a JSON object');
    const url = new URL(window.location.href);
    for (const key of ['lesson', 'step', 'answers']) url.searchParams.delete(key);
    url.hash = await encodeLabState({ scenario, layout, teach });
    return url.toString();
  };
  const statuses = useSideStatuses(lab);
  const params = useMemo(() => [...new Set(statuses.flatMap((s) => Object.keys(s.info?.params ?? {})))], [statuses]);
  return <TeacherLink base={base} makeLink={makeLink} params={params} />;
}
