/**
 * Zod without its JIT. Zod compiles a fast parser for each object schema with `new Function`,
 * and first probes whether it may by calling `new Function('')` when a schema is created. Under
 * our CSP (script-src 'self', no 'unsafe-eval') the probe throws, which zod swallows, but the
 * browser still reports a `securitypolicyviolation` and a console error on every page load,
 * false alarms that would bury a real injection (issue hostile-input §5). `jitless` skips both.
 *
 * The setting must be in place before the first schema exists, and the bundler evaluates shared
 * chunks (zod and the contract's schemas) before the entry's own code. So this module imports
 * nothing and writes zod's global configuration object (`z.config` writes the same object; zod
 * keeps one it finds there), and main.tsx imports it first and loads the app after it.
 */
const host = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(host.__zod_globalConfig ??= {}).jitless = true;
