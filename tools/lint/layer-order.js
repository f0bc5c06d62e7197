// ESLint rule `navgen/layer-order`: an import that goes up the layer order of ./layers.js (or
// out of src/ into tools/, test/, bench/) is an error naming both modules and both layers. It
// reads relative specifiers only (packages are not the project's), type-only imports included:
// a type is as much a dependency of the design as a value.
import { dirname, relative, resolve, sep } from 'node:path';
import { LAYERS, OUTSIDE } from './layers.js';

const rank = new Map(LAYERS.map((unit, i) => [unit, i]));

/** The unit of a path relative to the repository root, or null outside src/. */
function unitOf(rel) {
  const parts = rel.split(sep);
  if (parts[0] !== 'src') return null;
  return parts.length === 2 ? parts[1].replace(/\.js$/, '.ts') : parts[1];
}

export const layerOrder = {
  meta: {
    type: 'problem',
    docs: { description: 'imports follow the layer order of tools/lint/layers.js' },
    schema: [],
    messages: {
      up: '{{from}} (layer {{fromLayer}}) imports {{to}} (layer {{toLayer}}), a layer above it: move the shared part down, or the importer up (tools/lint/layers.js)',
      unknown:
        '{{unit}} is not in the layer order of tools/lint/layers.js: add it there and in docs/architecture.md',
      outside: '{{from}} imports {{to}}: {{top}}/ may import only from {{allowed}}',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const here = relative(root, file);
    const top = here.split(sep)[0];
    const fromUnit = unitOf(here);
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(root, resolve(dirname(file), spec));
      const targetTop = target.split(sep)[0];
      if (fromUnit === null) {
        const allowed = OUTSIDE[top];
        if (allowed && !allowed.includes(targetTop))
          context.report({
            node,
            messageId: 'outside',
            data: { from: here, to: target, top, allowed: allowed.map((a) => `${a}/`).join(', ') },
          });
        return;
      }
      if (targetTop !== 'src') {
        context.report({
          node,
          messageId: 'outside',
          data: { from: here, to: target, top: 'src', allowed: 'src/' },
        });
        return;
      }
      const toUnit = unitOf(target);
      if (toUnit === fromUnit) return;
      for (const unit of [fromUnit, toUnit])
        if (!rank.has(unit)) {
          context.report({ node, messageId: 'unknown', data: { unit } });
          return;
        }
      if (rank.get(toUnit) > rank.get(fromUnit))
        context.report({
          node,
          messageId: 'up',
          data: { from: here, to: target, fromLayer: fromUnit, toLayer: toUnit },
        });
    };
    const fromSource = (node) => check(node, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node, node.source?.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value),
    };
  },
};

export default { rules: { 'layer-order': layerOrder } };
