/**
 * The page's CSS, put into the document as one `<style>` element: the page is one script, with
 * nothing else to fetch. Every rule is under `.nv-root`, so the viewer embedded in the HTML
 * report neither takes nor gives styles to the report around it.
 */

const STYLE_ID = 'navgen-view-style';

const CSS = `
.nv-root { --nv-bg: #101317; --nv-frame: #3b4252; --nv-text: #e5e9f0; --nv-muted: #9aa3b2;
  --nv-accent: #3d9bff; --nv-fail: #ff5c7a; --nv-pass: #69f0ae;
  display: flex; flex-direction: column; box-sizing: border-box; background: var(--nv-bg);
  color: var(--nv-text); font: 13px/1.35 system-ui, -apple-system, "Segoe UI", sans-serif;
  overflow: hidden; outline: none; }
.nv-root *, .nv-root *::before, .nv-root *::after { box-sizing: border-box; }
.nv-root.nv-page { position: fixed; inset: 0; }
.nv-root.nv-embedded { width: 100%; height: 100%; min-height: 420px; border: 1px solid var(--nv-frame); }
.nv-root .nv-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px;
  padding: 5px 8px; border-bottom: 1px solid var(--nv-frame); }
.nv-root .nv-title { font-weight: 600; margin-right: 6px; white-space: nowrap; }
.nv-root .nv-bands, .nv-root .nv-tools, .nv-root .nv-layers { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.nv-root .nv-layers label { display: inline-flex; align-items: center; gap: 3px; margin-right: 8px;
  white-space: nowrap; cursor: pointer; }
.nv-root .nv-layers label.nv-off { color: var(--nv-muted); cursor: default; }
.nv-root button, .nv-root select, .nv-root input[type=text], .nv-root input[type=number] {
  font: inherit; color: var(--nv-text); background: #1b2028; border: 1px solid var(--nv-frame);
  border-radius: 3px; padding: 2px 7px; margin: 0; }
.nv-root button { cursor: pointer; }
.nv-root button:hover { border-color: var(--nv-accent); }
.nv-root button.nv-active { background: var(--nv-accent); border-color: var(--nv-accent); color: #000; }
.nv-root input.nv-find { width: 200px; }
.nv-root input.nv-z { width: 78px; }
.nv-root .nv-counts { color: var(--nv-muted); margin-left: 6px; }
.nv-root .nv-counts.nv-dirty { color: #ffd600; }
.nv-root .nv-main { flex: 1; display: flex; min-height: 0; }
.nv-root .nv-map { flex: 1; position: relative; min-width: 0; overflow: hidden; }
.nv-root .nv-map canvas { position: absolute; left: 0; top: 0; display: block; touch-action: none; }
.nv-root .nv-map canvas.nv-hot { cursor: pointer; }
.nv-root .nv-map canvas.nv-grab { cursor: grabbing; }
.nv-root .nv-map canvas.nv-aim { cursor: crosshair; }
.nv-root .nv-panel { width: 330px; flex: none; overflow: auto; border-left: 1px solid var(--nv-frame);
  padding: 6px 10px 12px; }
.nv-root .nv-section { margin: 4px 0 10px; }
.nv-root .nv-section h3 { font-size: 13px; margin: 6px 0 4px; color: var(--nv-accent);
  display: flex; justify-content: space-between; align-items: center; }
.nv-root .nv-row { display: flex; gap: 8px; margin: 2px 0; }
.nv-root .nv-label { color: var(--nv-muted); flex: none; width: 92px; }
.nv-root .nv-row > span:last-child { min-width: 0; overflow-wrap: anywhere; }
.nv-root .nv-muted { color: var(--nv-muted); }
.nv-root .nv-list { display: flex; flex-direction: column; gap: 2px; }
.nv-root .nv-link-row { cursor: pointer; padding: 1px 3px; border-radius: 3px; }
.nv-root .nv-link-row:hover { background: #222a35; }
.nv-root .nv-ref { color: var(--nv-accent); text-decoration: none; font-variant-numeric: tabular-nums; }
.nv-root .nv-ref:hover { text-decoration: underline; }
.nv-root .nv-type { display: inline-flex; align-items: center; gap: 4px; }
.nv-root .nv-swatch { width: 10px; height: 10px; border-radius: 50%; border: 1px solid #000; display: inline-block; }
.nv-root code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; user-select: all; }
.nv-root .nv-fail { color: var(--nv-fail); }
.nv-root .nv-pass { color: var(--nv-pass); }
.nv-root .nv-detail { color: var(--nv-text); opacity: 0.85; font-size: 12px; }
.nv-root .nv-status { padding: 3px 8px; border-top: 1px solid var(--nv-frame); color: var(--nv-muted);
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-height: 22px; }
.nv-root .nv-status.nv-error { color: var(--nv-fail); white-space: normal; }
.nv-root .nv-legend { display: flex; gap: 10px; flex-wrap: wrap; color: var(--nv-muted); }
.nv-root .nv-help { color: var(--nv-muted); font-size: 12px; }
.nv-root .nv-key-row { display: flex; align-items: center; gap: 6px; }
.nv-root .nv-key { display: inline-block; width: 18px; height: 10px; flex: none; }
.nv-root .nv-key-fill { border: 1px solid #000; }
.nv-root .nv-key-line, .nv-root .nv-key-dashed { height: 0; border-top: 2px solid; }
.nv-root .nv-key-dashed { border-top-style: dashed; }
.nv-root .nv-key-ring { width: 10px; border: 2px solid; border-radius: 50%; margin: 0 4px; }
.nv-root .nv-key-dot { width: 10px; border-radius: 50%; border: 1px solid #000; margin: 0 4px; }
@media (max-width: 760px) {
  .nv-root .nv-main { flex-direction: column; }
  .nv-root .nv-panel { width: auto; height: 40%; border-left: 0; border-top: 1px solid var(--nv-frame); }
}
.nv-root .nv-dismiss { padding: 0 6px; line-height: 1.2; }
.nv-root.nv-loading, .nv-root.nv-failed { padding: 12px; min-height: 60px; }
.nv-root.nv-failed { color: var(--nv-fail); }
`;

/** Puts the page's CSS into `doc` once. */
export function injectStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.append(style);
}
