import { describe, expect, it } from 'vitest';
import { Observable, lastValueFrom, range, take, toArray, type OperatorFunction } from 'rxjs';
import { relay } from '../../../src/operators/internal/relay.js';

/** An operator on relay that counts the values its handler saw, and throws at `failAt`. */
function counting(seen: number[], failAt = -1): OperatorFunction<number, number> {
  return (source) =>
    new Observable<number>((subscriber) =>
      relay(source, subscriber, {
        next(v) {
          seen.push(v);
          if (v === failAt) throw new Error(`failed at ${v}`);
          subscriber.next(v);
        },
      }),
    );
}

describe('relay (the operators\u2019 body) keeps RxJS\u2019s contract on synchronous sources', () => {
  it('stops the source when `take` downstream has what it wants', async () => {
    const seen: number[] = [];
    const out = await lastValueFrom(range(0, 1000).pipe(counting(seen), take(2), toArray()));
    expect(out).toEqual([0, 1]);
    expect(seen).toEqual([0, 1]);
  });

  it('runs no handler after its own error', async () => {
    const seen: number[] = [];
    await expect(lastValueFrom(range(0, 1000).pipe(counting(seen, 3)))).rejects.toThrow(
      'failed at 3',
    );
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('tears the source down when the subscriber unsubscribes', () => {
    let tornDown = false;
    const source = new Observable<number>((s) => {
      s.next(1);
      return () => {
        tornDown = true;
      };
    });
    const sub = source.pipe(counting([])).subscribe();
    sub.unsubscribe();
    expect(tornDown).toBe(true);
  });

  it('still completes after an asynchronous flush', async () => {
    const out = await lastValueFrom(
      range(0, 3).pipe(
        (source) =>
          new Observable<number>((subscriber) =>
            relay(source, subscriber, {
              next: (v) => subscriber.next(v),
              complete: async () => {
                await new Promise((r) => setTimeout(r, 1));
                subscriber.next(99);
              },
            }),
          ),
        toArray(),
      ),
    );
    expect(out).toEqual([0, 1, 2, 99]);
  });
});
