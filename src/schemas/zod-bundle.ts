// The build's own copy of zod, bundled and minified into one CommonJS file (dist/zod.cjs, scripts/build.mjs)
// and required on first use (src/lazy.ts). One file of ≈0.55 MB loads in about a third of the time zod's
// ninety-five files take through Node's resolver; that time was billed to a process's first addConfig.
export { z } from 'zod';
