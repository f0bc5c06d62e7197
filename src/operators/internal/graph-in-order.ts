/**
 * The operator body of stages that rewrite the graph with an asynchronous step (a map read when
 * the graph arrives): `step` handles each `graph` event, every other event passes through, and
 * all of them keep their order by queueing behind the step. The first failure is reported at
 * once (`error`) and nothing after it is handled; completion waits for the queue.
 */
import { Observable, type OperatorFunction } from 'rxjs';
import type { GraphEvent, GraphReady } from '../../stage/graph-types.js';
import { relay } from './relay.js';

export function graphInOrder(
  step: (e: GraphReady, emit: (out: GraphEvent) => void) => Promise<void>,
): OperatorFunction<GraphEvent, GraphEvent> {
  return (source) =>
    new Observable<GraphEvent>((subscriber) => {
      let chain = Promise.resolve();
      let failed = false;
      const emit = (out: GraphEvent) => subscriber.next(out);
      return relay(source, subscriber, {
        next(e) {
          chain = chain.then(async () => {
            if (failed) return;
            if (e.kind !== 'graph') emit(e);
            else await step(e, emit);
          });
          chain.catch((err) => {
            failed = true;
            subscriber.error(err);
          });
        },
        complete() {
          return chain;
        },
      });
    });
}
