/**
 * The map's camera: world and screen points convert both ways with world y up and screen y
 * down, a pan moves the picture with the drag, a zoom keeps the point under the pointer in
 * place and stops at its limits (40 pixels a unit in, an eighth of the fit out), a fit shows the
 * whole bounds centred with its margin, and a picture's projection matches the camera.
 */
import { describe, expect, it } from 'vitest';
import { Camera, projectionOf } from '../../src/view-page/camera.js';

/** A 800 × 600 view of (-1000, -500)–(1000, 500), fitted. */
function fitted(): Camera {
  const c = new Camera();
  c.resize(800, 600);
  c.fit([-1000, -500, 1000, 500]);
  return c;
}

describe('Camera', () => {
  it('puts the camera point at the canvas centre and flips y', () => {
    const c = new Camera();
    c.resize(800, 600);
    c.centreOn(100, 200);
    c.scale = 2;
    expect([c.screenX(100), c.screenY(200)]).toEqual([400, 300]);
    // North (world y up) is up on the screen (smaller screen y); east is right.
    expect(c.screenY(210)).toBe(280);
    expect(c.screenX(110)).toBe(420);
  });

  it('converts screen to world and back to the same point', () => {
    const c = fitted();
    c.panBy(37, -11);
    c.zoomAt(3.7, 120, 80);
    for (const [sx, sy] of [
      [0, 0],
      [799, 599],
      [123.5, 456.25],
    ]) {
      expect(c.screenX(c.worldX(sx))).toBeCloseTo(sx, 9);
      expect(c.screenY(c.worldY(sy))).toBeCloseTo(sy, 9);
    }
  });

  it('pans so that the world point under the pointer follows the drag', () => {
    const c = fitted();
    const wx = c.worldX(100);
    const wy = c.worldY(100);
    c.panBy(30, -20);
    expect(c.screenX(wx)).toBeCloseTo(130, 9);
    expect(c.screenY(wy)).toBeCloseTo(80, 9);
  });

  it('zooms around the pointer: the world point under it stays there', () => {
    const c = fitted();
    const wx = c.worldX(650);
    const wy = c.worldY(90);
    const before = c.scale;
    c.zoomAt(1.5, 650, 90);
    expect(c.scale).toBeCloseTo(before * 1.5, 12);
    expect(c.screenX(wx)).toBeCloseTo(650, 9);
    expect(c.screenY(wy)).toBeCloseTo(90, 9);
  });

  it('stops zooming in at 40 pixels a world unit, the pointer point still in place', () => {
    const c = fitted();
    const wx = c.worldX(200);
    const wy = c.worldY(500);
    for (let i = 0; i < 100; i++) c.zoomAt(1.25, 200, 500);
    expect(c.scale).toBe(40);
    expect(c.screenX(wx)).toBeCloseTo(200, 6);
    expect(c.screenY(wy)).toBeCloseTo(500, 6);
    const x = c.x;
    c.zoomAt(2, 10, 10);
    expect([c.scale, c.x]).toEqual([40, x]);
  });

  it('stops zooming out at an eighth of the fitted scale', () => {
    const c = fitted();
    const fit = c.scale;
    for (let i = 0; i < 100; i++) c.zoomAt(0.8, 400, 300);
    expect(c.scale).toBeCloseTo(fit / 8, 12);
  });

  it('fits the bounds centred, leaving 24 pixels around, limited by the tighter side', () => {
    const c = fitted();
    expect([c.x, c.y]).toEqual([0, 0]);
    // Width decides: (800 − 48) / 2000 < (600 − 48) / 1000.
    expect(c.scale).toBeCloseTo(752 / 2000, 12);
    expect(c.screenX(-1000)).toBeCloseTo(24, 9);
    expect(c.screenX(1000)).toBeCloseTo(776, 9);
    // The height has room to spare: the bounds lie inside the view, centred.
    expect(c.screenY(500)).toBeGreaterThan(24);
    expect(c.screenY(500) + c.screenY(-500)).toBeCloseTo(600, 9);
  });

  it('fits tiny or empty bounds at no more than 40 pixels a unit', () => {
    const c = new Camera();
    c.resize(800, 600);
    c.fit([5, 5, 5, 5]);
    expect(c.scale).toBe(40);
    expect([c.x, c.y]).toEqual([5, 5]);
  });

  it('fits a view smaller than its margins without a zero or negative scale', () => {
    const c = new Camera();
    c.resize(10, 10);
    c.fit([0, 0, 100, 100]);
    expect(c.scale).toBeGreaterThan(0);
    expect(Number.isFinite(c.scale)).toBe(true);
  });

  it('keeps the canvas at least one pixel each way', () => {
    const c = new Camera();
    c.resize(0, -5);
    expect([c.width, c.height]).toEqual([1, 1]);
  });

  it('a fit resets the zoom-out floor to the new fit', () => {
    const c = fitted();
    c.resize(1600, 1200);
    c.fit([-1000, -500, 1000, 500]);
    const fit = c.scale;
    for (let i = 0; i < 100; i++) c.zoomAt(0.5, 0, 0);
    expect(c.scale).toBeCloseTo(fit / 8, 12);
  });
});

describe('projectionOf', () => {
  it('maps world points as the camera does, shifted by the margin', () => {
    const c = fitted();
    c.panBy(-57, 33);
    c.zoomAt(2.5, 300, 200);
    const p = projectionOf(c, 100);
    expect([p.width, p.height]).toEqual([1000, 800]);
    for (const [wx, wy] of [
      [0, 0],
      [-700, 321.5],
      [999, -499],
    ]) {
      expect(p.originX + wx * p.scale).toBeCloseTo(c.screenX(wx) + 100, 9);
      expect(p.originY - wy * p.scale).toBeCloseTo(c.screenY(wy) + 100, 9);
    }
  });
});
