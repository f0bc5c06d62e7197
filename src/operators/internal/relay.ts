/**
 * The body every navgen operator shares: subscribe to the source and relay into the
 * subscriber, with the operator's own handling of `next` and `complete`. A throw inside those
 * handlers becomes an `error` notification (as RxJS's own operators do internally), instead of
 * an unhandled exception that would leave the stream silently incomplete.
 *
 * The source is subscribed with a `Subscriber` chained to the destination before the source
 * runs, as RxJS's `operate`/`createOperatorSubscriber` do: a synchronous source (`range`, a
 * cached demo replayed at once) checks that subscriber's `closed` on every value, so after an
 * error here, or a `take` downstream that has what it wants, no handler runs again and the source
 * stops. A plain observer could not be unsubscribed until the source's subscribe returned.
 */
import { Subscriber, type Observable, type TeardownLogic } from 'rxjs';

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
  const fail = (err: unknown): void => {
    subscriber.error(err);
    inner.unsubscribe();
  };
  // `new Subscriber(observer)` is RxJS's own chaining (marked internal-use in its typings): the
  // destination unsubscribing closes `inner`, and the source sees it at once.
  const inner: Subscriber<I> = new Subscriber<I>({
    next(value) {
      try {
        handlers.next(value);
      } catch (err) {
        fail(err);
      }
    },
    error(err: unknown) {
      subscriber.error(err);
    },
    complete() {
      let pending: void | Promise<void>;
      try {
        pending = handlers.complete?.();
      } catch (err) {
        fail(err);
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
  subscriber.add(inner);
  source.subscribe(inner);
  return inner;
}
