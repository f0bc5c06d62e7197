/**
 * Setup file of every test file: the event loop gets its turn after each test
 * (`pausing/run-steps.ts` giveWay, a macrotask). vitest runs the next test in the same stretch
 * when a test did not wait on I/O, so a file of synchronous tests of a second or two each held
 * its worker for all of them in a row (map-analysis.test.ts: 7 to 10 s), long enough for the
 * worker's RPC to vitest to time out ("Timeout calling onTaskUpdate").
 */
import { afterEach } from 'vitest';
import { giveWay } from '../../src/pausing/run-steps.js';

afterEach(() => giveWay());
