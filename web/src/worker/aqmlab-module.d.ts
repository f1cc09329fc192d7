// Types for the Emscripten module that scripts/build-wasm.sh generates (see
// wasm/API.md). The generated folder is not committed, so its types live here.
declare module '*/generated/aqmlab.mjs' {
  /** One simulated side; embind objects must be freed with delete(). */
  export interface CoreSimulation {
    error(): string;
    columns(): string;
    /** Samples waiting, or -1 once the run has failed (error() says why). */
    advance(untilSeconds: number): number;
    /** A view into wasm memory, not a copy: slice() before the next call into the module. */
    batch(): Float64Array;
    batchLength(): number;
    clearBatch(): void;
    apply(eventJson: string): string;
    now(): number;
    done(): boolean;
    summary(): string;
    delete(): void;
  }

  export interface AqmLabModule {
    describeAqms(): string;
    /** The congestion controllers (wasm/API.md); absent from a core built before them. */
    describeSenders?(): string;
    /** The table of sampled columns (wasm/API.md); read by the tests that check the charts and docs against it. */
    describeColumns?(): string;
    defaultScenario(): string;
    validateScenario(json: string): string;
    /** The sweep functions (wasm/API.md, core-cpp/SWEEP.md); absent from a core built before them. */
    sweepPlan?(sweepJson: string): string;
    sweepRunLines?(sweepJson: string, index: number): string;
    sweepReport?(jsonlText: string): string;
    Simulation: new (scenarioJson: string, side: number) => CoreSimulation;
    /**
     * The analysis models (wasm/API.md, "Analysis"): JSON strings, {"ok":false,"error"} on bad input.
     * Optional like the sweep functions: absent from a core built before them (the theory worker
     * checks and says so), and the simulation's test fakes need not have them.
     */
    analyzeScenario?(scenarioJson: string, side: number): string;
    solveQueueModel?(modelJson: string): string;
    responseBounds?(json: string): string;
    analyzeModel?(modelJson: string): string;
    /** A curve law sampled against the queue (wasm/API.md, "lawCurve"). */
    lawCurve?(json: string): string;
    /** A sender's response function at given signal probabilities (wasm/API.md, "senderResponse"). */
    senderResponse?(json: string): string;
  }

  const createAqmLab: (options?: object) => Promise<AqmLabModule>;
  export default createAqmLab;
}
