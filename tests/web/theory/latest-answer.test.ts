import { describe, expect, it } from 'vitest';
import { LatestAnswer } from '../../../web/src/theory/latest-answer';

// Questions asked faster than they are answered: one at a time, the
// overtaken ones never asked, only the latest one's answer heard.

function deferred() {
  let resolve!: (v: number) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('LatestAnswer', () => {
  it('asks one question at a time and skips those overtaken while it waits', async () => {
    const heard: [string, number][] = [];
    const asked: string[] = [];
    const pending = new Map<string, ReturnType<typeof deferred>>();
    const latest = new LatestAnswer<number>((k, v) => heard.push([k, v]));
    const ask = (key: string) =>
      latest.ask(key, () => {
        asked.push(key);
        const d = deferred();
        pending.set(key, d);
        return d.promise;
      });
    ask('a');
    ask('b');
    ask('c');
    expect(asked).toEqual(['a']);
    pending.get('a')!.resolve(1);
    await settled();
    expect(asked).toEqual(['a', 'c']);  // b was overtaken before its turn
    expect(heard).toEqual([]);  // a's answer is no longer the latest question's
    pending.get('c')!.resolve(3);
    await settled();
    expect(heard).toEqual([['c', 3]]);
  });

  it('goes on after a failed answer, and hears nothing once closed', async () => {
    const heard: [string, number][] = [];
    const latest = new LatestAnswer<number>((k, v) => heard.push([k, v]));
    const first = deferred();
    latest.ask('a', () => first.promise);
    const second = deferred();
    latest.ask('b', () => second.promise);
    first.reject(new Error('worker gone'));
    await settled();
    second.resolve(2);
    await settled();
    expect(heard).toEqual([['b', 2]]);
    const third = deferred();
    latest.ask('c', () => third.promise);
    latest.close();
    third.resolve(3);
    await settled();
    expect(heard).toEqual([['b', 2]]);
  });

  it('a null question cancels the one waiting', async () => {
    const asked: string[] = [];
    const latest = new LatestAnswer<number>(() => undefined);
    const first = deferred();
    latest.ask('a', () => {
      asked.push('a');
      return first.promise;
    });
    latest.ask('b', () => {
      asked.push('b');
      return Promise.resolve(2);
    });
    latest.ask(null, () => Promise.resolve(0));
    first.resolve(1);
    await settled();
    expect(asked).toEqual(['a']);
  });
});
