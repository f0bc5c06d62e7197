/**
 * The body every navgen operator shares: subscribe to the source and relay into the
 * subscriber, with the operator's own handling of `next` and `complete`. A throw inside those
 * handlers becomes an `error` notification (as RxJS's own operators do internally), instead of
 * an unhandled exception that would leave the stream silently incomplete.
 */
import type { Observable, Subscriber, TeardownLogic } from 'rxjs';

export interface RelayHandlers<I> {
  next(value: I): void;
  /**
   * Flush buffered work; `subscriber.complete()` is called afterwards (after the promise, when
   * one is returned: for operators that do asynchronous work such as reading a map).
   */
  complete?(): void | Promise<void>;
}

export function relay<I, O>(
  source: Observable<I>,
  subscriber: Subscriber<O>,
  handlers: RelayHandlers<I>,
): TeardownLogic {
  const subscription = source.subscribe({
    next(value) {
      try {
        handlers.next(value);
      } catch (err) {
        subscriber.error(err);
        subscription?.unsubscribe();
      }
    },
    error(err) {
      subscriber.error(err);
    },
    complete() {
      let pending: void | Promise<void>;
      try {
        pending = handlers.complete?.();
      } catch (err) {
        subscriber.error(err);
        return;
      }
      if (pending instanceof Promise) {
        pending.then(
          () => subscriber.complete(),
          (err: unknown) => subscriber.error(err),
        );
      } else {
        subscriber.complete();
      }
    },
  });
  return subscription;
}
