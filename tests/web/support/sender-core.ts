import { expect } from 'vitest';
import { readSenderTable, type SenderSpec } from '../../../web/src/aqm/sender-table';
import { SeriesStore } from '../../../web/src/charts/series-store';
import type { AskResponse } from '../../../web/src/theory/sender-prediction';
import { readSenderResponse } from '../../../web/src/theory/theory-json';
import { nodeCore } from './node-core';

// The Node core as the theory panel meets it: its senders' catalogue, its
// senderResponse asked as the theory worker asks it, and a whole run of one
// side kept as the page keeps it (every sample in a SeriesStore) with the
// summary at its end.

export async function coreAndSenders(): Promise<{ ask: AskResponse; senders: SenderSpec[] }> {
  const core = await nodeCore();
  if (!core.describeSenders || !core.senderResponse) throw new Error('this core has no describeSenders or senderResponse');
  const senders = readSenderTable(JSON.parse(core.describeSenders()));
  if (typeof senders === 'string') throw new Error(senders);
  const respond = core.senderResponse.bind(core);
  return { ask: (request) => Promise.resolve(readSenderResponse(respond(JSON.stringify(request)))), senders };
}

/** One side run to its end: its samples and its summary's JSON. */
export async function runStored(scenarioJson: string, side = 0): Promise<{ store: SeriesStore; summary: unknown }> {
  const core = await nodeCore();
  const sim = new core.Simulation(scenarioJson, side);
  try {
    expect(sim.error()).toBe('');
    const store = new SeriesStore(JSON.parse(sim.columns()) as string[]);
    while (!sim.done()) {
      const n = sim.advance(sim.now() + 1);
      store.append(sim.batch().slice(), n);
      sim.clearBatch();
    }
    return { store, summary: JSON.parse(sim.summary()) as unknown };
  } finally {
    sim.delete();
  }
}
