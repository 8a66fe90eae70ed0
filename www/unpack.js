// The core packs long arrays as one-key objects {f64: bytes} (also u8, u16,
// i32, u32): `unpack` turns each into the typed array it names, so views read
// `report.p.data[k]` as numbers (ARCHITECTURE.md, "Reports in the page"). The
// worker unpacks its results, the main thread a preview the core made there.

const TYPED = { f64: Float64Array, u8: Uint8Array, u16: Uint16Array, i32: Int32Array, u32: Uint32Array };

/** Replaces every packed array in `value` by its typed array; collects their buffers in `buffers`. */
export function unpack(value, buffers = []) {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    for (let k = 0; k < value.length; k++) value[k] = unpack(value[k], buffers);
    return value;
  }
  const keys = Object.keys(value);
  if (keys.length === 1 && TYPED[keys[0]] && value[keys[0]] instanceof Uint8Array) {
    const bytes = value[keys[0]];
    const Type = TYPED[keys[0]];
    // A fresh copy from wasm memory: its own buffer, aligned at 0.
    const array = new Type(bytes.buffer, bytes.byteOffset, bytes.byteLength / Type.BYTES_PER_ELEMENT);
    buffers.push(array.buffer);
    return array;
  }
  for (const key of keys) value[key] = unpack(value[key], buffers);
  return value;
}
