import { isRecord } from '../lib/json';
import type { Fetcher } from '../scenario/presets';
import { presetIdPattern } from '../scenario/presets';
import { lessonLevels, Problems, readLesson, type Lesson, type LessonLevel } from './lesson-format';
import { fetchJson, lessonUrl } from './lesson-state';

// public/lessons/index.json: the lessons the page offers, in order, each with
// what the menu shows before the file is fetched.

export interface LessonEntry {
  id: string;
  title: string;
  level: LessonLevel;
  time_min: number;
}

export function readLessonIndex(value: unknown): { ok: true; lessons: LessonEntry[] } | { ok: false; problems: string[] } {
  const p = new Problems();
  if (!isRecord(value) || value.version !== 1 || !Array.isArray(value.lessons)) {
    return { ok: false, problems: ['lessons index: must be {"version": 1, "lessons": [...]}'] };
  }
  const lessons = value.lessons.map((entry: unknown, i): LessonEntry => {
    const where = `lessons[${i}]`;
    if (!isRecord(entry)) {
      p.add(where, 'must be an object');
      return { id: '', title: '', level: 'introductory', time_min: 0 };
    }
    p.only(entry, ['id', 'title', 'level', 'time_min'], where);
    const id = p.text(entry, 'id', where);
    if (!presetIdPattern.test(id)) p.add(`${where}.id`, "must be lower-case letters, digits and '-'");
    if (!lessonLevels.includes(entry.level as LessonLevel)) p.add(`${where}.level`, `must be one of ${lessonLevels.join(', ')}`);
    return { id, title: p.text(entry, 'title', where), level: entry.level as LessonLevel, time_min: p.number(entry, 'time_min', where, 1, 600) };
  });
  const ids = lessons.map((l) => l.id);
  ids.forEach((id, i) => ids.indexOf(id) !== i && p.add('lessons index', `id ${id} appears twice`));
  return p.list.length === 0 ? { ok: true, lessons } : { ok: false, problems: p.list };
}

export async function fetchLessonIndex(base: string, fetcher: Fetcher = (u) => fetch(u)): Promise<LessonEntry[]> {
  const read = readLessonIndex(await fetchJson(fetcher, lessonUrl(base, 'index')));
  if (!read.ok) throw new Error(read.problems.join('; '));
  return read.lessons;
}

export async function fetchLesson(base: string, id: string, fetcher: Fetcher = (u) => fetch(u)): Promise<Lesson> {
  if (!presetIdPattern.test(id)) throw new Error(`lesson ${JSON.stringify(id)}: not a lesson id`);
  const read = readLesson(await fetchJson(fetcher, lessonUrl(base, id)));
  if (!read.ok) throw new Error(`lesson ${id}: ${read.problems.join('; ')}`);
  return read.lesson;
}
