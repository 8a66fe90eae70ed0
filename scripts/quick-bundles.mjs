// Which families make test's browser tests load from the shared quick bundle
// (scripts/build-wasm.sh, LUDOLAB_WASM_QUICK): every family not named in
// LUDOLAB_WASM_FULL. One reading of the two variables for scripts/dist.mjs
// (how hard to compress) and scripts/families.mjs (which bundles may describe
// more than their own family).

const full = new Set((process.env.LUDOLAB_WASM_FULL ?? '').split(/\s+/).filter(Boolean));

/** Whether `family`'s bundle is the shared quick one. */
export function sharesQuickBundle(family) {
  return Boolean(process.env.LUDOLAB_WASM_QUICK) && !full.has(family);
}
