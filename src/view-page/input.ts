/**
 * Mouse and keyboard: drag to pan, wheel to zoom around the pointer, hover and click; arrow
 * keys pan, + and − zoom, 0 or f fits, PageUp/PageDown change band, Esc cancels a tool's pick
 * (then the tool, then the selection); with the editor, Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z
 * redo, Ctrl+S saves.
 *
 * Keys are read by the whole window on the served page, but only by the viewer (once clicked
 * or tabbed into) where it is embedded in the report, whose page keeps its own keys.
 */
import type { Viewer } from './viewer.js';

/** A press moving less than this is a click, not a drag. [Units: CSS pixels] */
const CLICK_SLOP = 4;
/** Arrow key pan step, and with Shift. [Units: CSS pixels] */
const KEY_PAN = 80;
const KEY_PAN_FAST = 320;
const KEY_ZOOM = 1.25;
/** Wheel zoom: the factor per pixel of wheel delta. */
const WHEEL_ZOOM_PER_PIXEL = 0.0015;

export function attachInput(v: Viewer, keysFromWindow: boolean): void {
  const canvas = v.canvas;
  let drag: { id: number; x: number; y: number; moved: boolean } | null = null;
  const local = (e: MouseEvent) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    v.root.focus({ preventScroll: true });
    const p = local(e);
    drag = { id: e.pointerId, x: p.x, y: p.y, moved: false };
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    const p = local(e);
    v.pointer = p;
    if (drag && drag.id === e.pointerId) {
      if (!drag.moved && Math.hypot(p.x - drag.x, p.y - drag.y) < CLICK_SLOP) return;
      if (!drag.moved) canvas.classList.add('nv-grab');
      drag.moved = true;
      v.panBy(p.x - drag.x, p.y - drag.y);
      drag.x = p.x;
      drag.y = p.y;
      return;
    }
    v.setHover(v.hitAt(p.x, p.y));
    if (v.tools && v.tools.picked >= 0) v.requestFrame();
  });
  const end = (e: PointerEvent, cancelled: boolean) => {
    if (!drag || drag.id !== e.pointerId) return;
    const wasClick = !drag.moved;
    drag = null;
    canvas.classList.remove('nv-grab');
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    if (wasClick && !cancelled) {
      const p = local(e);
      v.click(p.x, p.y);
    }
  };
  canvas.addEventListener('pointerup', (e) => end(e, false));
  canvas.addEventListener('pointercancel', (e) => end(e, true));
  canvas.addEventListener('pointerleave', () => {
    v.pointer = null;
    if (!drag) v.setHover(null);
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const p = local(e);
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? v.camera.height : 1;
      v.zoomAt(Math.exp(-e.deltaY * unit * WHEEL_ZOOM_PER_PIXEL), p.x, p.y, true);
    },
    { passive: false },
  );

  const keys = keysFromWindow ? window : v.root;
  keys.addEventListener('keydown', (event) => {
    const e = event as KeyboardEvent;
    if (onKey(v, e, isTyping(e.target))) e.preventDefault();
  });
}

/** Whether keys at `target` edit text or a choice (a checkbox or a button leaves them alone). */
function isTyping(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** Handles a key; returns whether it was the viewer's. */
function onKey(v: Viewer, e: KeyboardEvent, typing: boolean): boolean {
  const ctrl = e.ctrlKey || e.metaKey;
  const tools = v.tools;
  if (ctrl && tools) {
    const key = e.key.toLowerCase();
    // Ctrl+S saves from anywhere; the undo keys stay the text box's while one is being typed in.
    if (key === 's') return (void tools.save(), true);
    if (typing) return false;
    if (key === 'z' && !e.shiftKey) return (void tools.undo(), true);
    if (key === 'y' || (key === 'z' && e.shiftKey)) return (void tools.redo(), true);
    return false;
  }
  if (typing || ctrl || e.altKey) return false;
  const step = e.shiftKey ? KEY_PAN_FAST : KEY_PAN;
  const cx = v.camera.width / 2;
  const cy = v.camera.height / 2;
  switch (e.key) {
    case 'ArrowLeft':
      v.panBy(step, 0);
      return true;
    case 'ArrowRight':
      v.panBy(-step, 0);
      return true;
    case 'ArrowUp':
      v.panBy(0, step);
      return true;
    case 'ArrowDown':
      v.panBy(0, -step);
      return true;
    case '+':
    case '=':
      v.zoomAt(KEY_ZOOM, cx, cy, false);
      return true;
    case '-':
    case '_':
      v.zoomAt(1 / KEY_ZOOM, cx, cy, false);
      return true;
    case '0':
    case 'f':
    case 'F':
      v.fit();
      return true;
    case 'PageUp':
      v.setBand(v.band + 1);
      return true;
    case 'PageDown':
      v.setBand(v.band - 1);
      return true;
    case 'Escape':
      if (tools && (tools.picked >= 0 || tools.tool)) tools.cancel();
      else v.select(null);
      return true;
  }
  return false;
}
