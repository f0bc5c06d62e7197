/**
 * The band switcher: a button per height band (`data-testid="band-<i>"`), the band shown marked.
 * PageUp and PageDown (`input.ts`) switch bands through the viewer, which marks the button here.
 */
import type { ViewBand } from '../sinks/view/view-model.js';
import { button, el } from './dom.js';

export class BandSwitcher {
  readonly element = el('div', { class: 'nv-bands' });
  private readonly buttons: HTMLButtonElement[] = [];

  /** `choose` runs when band `i`'s button is pressed; `shown` is marked at first. */
  constructor(bands: readonly ViewBand[], shown: number, choose: (band: number) => void) {
    bands.forEach((b, i) => {
      const btn = button(b.label, () => choose(i), {
        testid: `band-${i}`,
        title: `show ${b.label} (PageUp/PageDown)`,
        class: i === shown ? 'nv-active' : '',
      });
      this.buttons.push(btn);
      this.element.append(btn);
    });
  }

  /** Marks band `band`'s button as the one shown. */
  show(band: number): void {
    this.buttons.forEach((b, i) => b.classList.toggle('nv-active', i === band));
  }
}
