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

/**
 * A core message in a block of its own: one problem as a line of text, several
 * as "N problems:" and the list.
 */
export function ProblemText({ message }: { message: string }) {
  const problems = problemDetails(message);
  if (problems.length === 0) return <p>{message}</p>;
  return (
    <>
      <p>{problems.length} problems:</p>
      <ProblemList problems={problems} />
    </>
  );
}
