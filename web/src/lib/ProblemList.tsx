import { listedProblems, problemDetails } from './problems';

// How the page shows an input's problems (problems.ts): a list under the
// message that counts them, each problem as the core named it.

export interface ProblemListProps {
  problems: readonly string[];
  testId?: string;
}

/** The problems as a list; nothing for none. */
export function ProblemList({ problems, testId }: ProblemListProps) {
  if (problems.length === 0) return null;
  return (
    <ul className="problem-list" data-testid={testId}>
      {listedProblems(problems).map((p, i) => (
        <li key={i}>{p}</li>
      ))}
    </ul>
  );
}

/** Several problems: their count, then the list (lead before the count). */
function Counted({ problems, lead }: { problems: readonly string[]; lead: string }) {
  return (
    <>
      <p>
        {lead}
        {problems.length} problems:
      </p>
      <ProblemList problems={problems} />
    </>
  );
}

/**
 * A core message in a block of its own: one problem as a line of text, several
 * as "N problems:" and the list; `lead` goes before either ("Theory unavailable: ").
 */
export function ProblemText({ message, lead = '' }: { message: string; lead?: string }) {
  const problems = problemDetails(message);
  if (problems.length === 0) return <p>{lead}{message}</p>;
  return <Counted problems={problems} lead={lead} />;
}

export interface ProblemAlertProps {
  message: string;
  /** param-error beside a control, share-error for a panel's. */
  className?: string;
  testId?: string;
  id?: string;
  lead?: string;
  /** Problems counted elsewhere: `message` is then their header ("3 problems in a.json:"), listed under it. */
  problems?: readonly string[];
}

/**
 * A refusal, where the person acted, as an alert: one problem as a paragraph,
 * several (a core message holds one per line) counted and listed.
 */
export function ProblemAlert({ message, className = 'param-error', testId, id, lead = '', problems: listed }: ProblemAlertProps) {
  if (listed !== undefined && listed.length > 0) {
    return (
      <div id={id} className={className} role="alert" data-testid={testId}>
        <p>
          {lead}
          {message}
        </p>
        <ProblemList problems={listed} />
      </div>
    );
  }
  const problems = problemDetails(message);
  if (problems.length === 0) {
    return (
      <p id={id} className={className} role="alert" data-testid={testId}>
        {lead}
        {message}
      </p>
    );
  }
  return (
    <div id={id} className={className} role="alert" data-testid={testId}>
      <Counted problems={problems} lead={lead} />
    </div>
  );
}
