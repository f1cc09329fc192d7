// Which way a column's figure is better, under its header: an arrow for the
// eye, the words for a screen reader.

export function BetterMark({ better }: { better: 'lower' | 'higher' }) {
  return (
    <span className="better" title={`${better} is better`}>
      <span aria-hidden="true">{better === 'lower' ? '↓ better' : '↑ better'}</span>
      <span className="visually-hidden">{better} is better</span>
    </span>
  );
}
