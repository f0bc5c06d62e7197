/** Types of ./layers.js (plain JavaScript, so that eslint.config.js loads it without a build). */
export declare const LAYERS: readonly string[];
export declare const OUTSIDE: Readonly<Record<string, readonly string[]>>;
