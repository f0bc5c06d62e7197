/**
 * The tool's version. It is part of every per-demo cache key, so bump it whenever per-demo
 * results change meaning.
 */
export const VERSION = '0.1.0';
