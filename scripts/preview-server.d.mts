// Types for preview-server.mjs, which the browser tests start a server of their own with.
import type { ChildProcess } from 'node:child_process';

export function startPreview(port: number, options?: { dist?: string | null; env?: Record<string, string> }): Promise<ChildProcess>;
