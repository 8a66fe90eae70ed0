//! Long numeric arrays in reports: rows of JSON natively, typed arrays in the page.
//!
//! A report's long arrays are [`Packed`] (and its matrices [`Matrix`](super::Matrix)).
//! Natively they serialize as plain JSON arrays (the CLI's `--json`); on wasm32
//! they serialize as `{"f64": bytes}` (or `u8`, `u16`, `i32`, `u32`): the bytes
//! arrive in JS as a `Uint8Array`, and the worker turns every such one-key
//! object into the typed array it names (`Float64Array`, …). One convention for
//! every family, and no copy through JS numbers one by one.

use serde::{Serialize, Serializer};

/// A number type that can travel as a typed array.
pub trait Element: Copy + Serialize {
    /// The tag naming the typed array (`f64` → `Float64Array`).
    const TAG: &'static str;
    /// Appends the little-endian bytes of `self`.
    fn put(self, out: &mut Vec<u8>);
}

macro_rules! element {
    ($($t:ty => $tag:literal),*) => {$(
        impl Element for $t {
            const TAG: &'static str = $tag;
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
element!(f64 => "f64", u8 => "u8", u16 => "u16", i32 => "i32", u32 => "u32");

/// A long array of numbers in a report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Packed<T>(pub Vec<T>);

impl<T: Element> Serialize for Packed<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_slice(&self.0, serializer)
    }
}

impl<T> From<Vec<T>> for Packed<T> {
    fn from(v: Vec<T>) -> Self {
        Packed(v)
    }
}

/// Serializes a slice as [`Packed`] does.
///
/// # Errors
/// The serializer's.
pub fn serialize_slice<T: Element, S: Serializer>(values: &[T], serializer: S) -> Result<S::Ok, S::Error> {
    if cfg!(target_arch = "wasm32") {
        use serde::ser::SerializeMap;
        let mut bytes = Vec::with_capacity(std::mem::size_of_val(values));
        for &v in values {
            v.put(&mut bytes);
        }
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(T::TAG, &Bytes(&bytes))?;
        map.end()
    } else {
        values.serialize(serializer)
    }
}

struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

/// A `rows × cols` table of numbers stored row-major, each cell a run of `depth`
/// numbers (1 for a plain table). Natively it serializes as nested arrays
/// (rows of cells, a cell an array when `depth > 1`); on wasm32 as
/// `{rows, cols, depth, data}` with `data` packed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Grid<T> {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Numbers per cell.
    pub depth: usize,
    /// The numbers, row-major, cells contiguous.
    pub data: Vec<T>,
}

impl<T: Copy> Grid<T> {
    /// A table of one number per cell.
    pub fn new(rows: usize, cols: usize, data: Vec<T>) -> Grid<T> {
        Grid::cells(rows, cols, 1, data)
    }

    /// A table of `depth` numbers per cell.
    pub fn cells(rows: usize, cols: usize, depth: usize, data: Vec<T>) -> Grid<T> {
        debug_assert_eq!(data.len(), rows * cols * depth);
        Grid {
            rows,
            cols,
            depth,
            data,
        }
    }

    /// The numbers of cell `(i, j)`.
    pub fn cell(&self, i: usize, j: usize) -> &[T] {
        let at = (i * self.cols + j) * self.depth;
        &self.data[at..at + self.depth]
    }
}

impl<T: Element> Serialize for Grid<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        if cfg!(target_arch = "wasm32") {
            let mut m = serializer.serialize_struct("Grid", 4)?;
            m.serialize_field("rows", &self.rows)?;
            m.serialize_field("cols", &self.cols)?;
            m.serialize_field("depth", &self.depth)?;
            m.serialize_field("data", &Packed(self.data.clone()))?;
            m.end()
        } else {
            let width = (self.cols * self.depth).max(1);
            let mut rows = serializer.serialize_seq(Some(self.rows))?;
            for row in self.data.chunks(width) {
                if self.depth == 1 {
                    rows.serialize_element(row)?;
                } else {
                    let cells: Vec<&[T]> = row.chunks(self.depth).collect();
                    rows.serialize_element(&cells)?;
                }
            }
            rows.end()
        }
    }
}
