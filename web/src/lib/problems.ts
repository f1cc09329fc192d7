// The core reports every problem of an input (a scenario, a sweep, a model)
// at once, one per line of its message, each "field: message"
// (core-cpp/SCENARIO.md). The page shows one problem in its sentence and
// several as a count with a list (ProblemList), the first 20 and how many more,
// as `aqmlab run` prints them.

/** At most this many problems are listed; a last line says how many more (kMaxShownProblems of the command line: a test holds them equal). */
export const maxShownProblems = 20;

/** The problems of a core message (none for an empty one). */
export function problemsOf(message: string): string[] {
  return message.split('\n').filter((line) => line !== '');
}

/** The problems as listed: the first maxShownProblems, then "and N more" when there are more. */
export function listedProblems(problems: readonly string[]): string[] {
  const shown = problems.slice(0, maxShownProblems);
  const more = problems.length - shown.length;
  return more > 0 ? [...shown, `and ${more} more`] : shown;
}

/** The problems to list under a message's sentence: none when there is only one (the sentence is it). */
export function problemDetails(message: string): string[] {
  const problems = problemsOf(message);
  return problems.length > 1 ? problems : [];
}
