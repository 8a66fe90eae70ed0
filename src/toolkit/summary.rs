//! Long answers summarised for a terminal: a report's JSON above
//! [`MAX_PRINTED_BYTES`] keeps every number, string and short list, and each
//! long list becomes its length, its first elements and its last (a Snakes
//! and Ladders board of 2,197 squares is 48 MB of matrices; an octal game to
//! 3.3·10⁷ heaps, 67 MB of values).
//!
//! The summary is made while the JSON is read again, so it never holds more
//! than the kept elements: a list of 33 million values costs its text, not a
//! tree of 33 million nodes.
//!
//! # Complexity
//! One pass over the text: O(bytes), memory O(kept elements).

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// The most bytes of JSON a terminal is given whole.
pub const MAX_PRINTED_BYTES: usize = 4_000_000;
/// Lists (and objects) longer than this are summarised.
pub const LONG: usize = 50;
/// The first elements a summarised list keeps.
pub const KEPT: usize = 20;

/// `json` (an answer of more than [`MAX_PRINTED_BYTES`], say) with every
/// list longer than [`LONG`] replaced by `{"length": n, "first": [its first
/// KEPT], "last": its last}`, and every object with more than [`LONG`] keys
/// cut to its first [`LONG`] and a key `"…"` giving how many were left out.
/// At the top of an object, `"summarised"` says so: the bytes of the whole
/// and the flag that prints it (`whole`).
///
/// # Errors
/// When `json` is not JSON.
pub fn summarise(json: &[u8], whole: &str) -> serde_json::Result<Value> {
    let mut reader = serde_json::Deserializer::from_slice(json);
    // Reports are a few levels deep; a matrix of matrices is well within.
    let value = Summarising.deserialize(&mut reader)?;
    reader.end()?;
    Ok(match value {
        Value::Object(fields) => {
            let mut top = Map::new();
            top.insert(
                "summarised".into(),
                serde_json::json!({
                    "bytes": json.len(),
                    "limit": MAX_PRINTED_BYTES,
                    "lists": format!(
                        "each list longer than {LONG} gives its length, its first {KEPT} elements and its last"
                    ),
                    "whole": whole,
                }),
            );
            top.extend(fields);
            Value::Object(top)
        }
        other => other,
    })
}

/// Reads one JSON value, summarising as it goes.
#[derive(Clone, Copy)]
struct Summarising;

impl<'de> DeserializeSeed<'de> for Summarising {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Summarising {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // JSON text has no NaN or infinity, so every number read is finite.
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut first = Vec::new();
        let mut last = None;
        let mut length = 0usize;
        while let Some(element) = seq.next_element_seed(self)? {
            if first.len() < LONG {
                first.push(element);
            } else {
                last = Some(element);
            }
            length += 1;
        }
        Ok(match last {
            None => Value::Array(first),
            Some(last) => {
                first.truncate(KEPT);
                serde_json::json!({ "length": length, "first": first, "last": last })
            }
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut kept = Map::new();
        let mut left = 0usize;
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self)?;
            if kept.len() < LONG {
                kept.insert(key, value);
            } else {
                left += 1;
            }
        }
        if left > 0 {
            kept.insert("…".into(), format!("{left} more keys").into());
        }
        Ok(Value::Object(kept))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn summary(v: &Value) -> Value {
        summarise(&serde_json::to_vec(v).unwrap(), "--whole").unwrap()
    }

    #[test]
    fn short_lists_and_scalars_stay_as_they_are() {
        let v = json!({"n": 3, "p": [[0.5, 0.25], [1, -2]], "s": "a \"quoted\" é", "none": null, "ok": true,
                       "fifty": (0..LONG).collect::<Vec<_>>()});
        let s = summary(&v);
        assert_eq!(s["summarised"]["bytes"], serde_json::to_vec(&v).unwrap().len());
        assert_eq!(s["summarised"]["whole"], "--whole");
        let mut rest = s.as_object().unwrap().clone();
        rest.shift_remove("summarised");
        assert_eq!(Value::Object(rest), v);
    }

    #[test]
    fn long_lists_keep_their_length_first_and_last_at_every_depth() {
        let row: Vec<u32> = (0..1000).collect();
        let v = json!({"e": vec![row.clone(); 300], "values": (0..=LONG).collect::<Vec<_>>()});
        let s = summary(&v);
        assert_eq!(s["values"]["length"], LONG + 1);
        assert_eq!(s["values"]["first"], json!((0..KEPT).collect::<Vec<_>>()));
        assert_eq!(s["values"]["last"], LONG);
        assert_eq!(s["e"]["length"], 300);
        assert_eq!(s["e"]["first"].as_array().unwrap().len(), KEPT);
        // Each kept row is itself summarised.
        assert_eq!(s["e"]["first"][0]["length"], 1000);
        assert_eq!(s["e"]["last"]["last"], 999);
        assert!(serde_json::to_vec(&s).unwrap().len() < 4_000);
    }

    #[test]
    fn wide_objects_keep_their_first_keys_and_say_how_many_are_left() {
        let wide: Map<String, Value> = (0..LONG + 7).map(|i| (format!("k{i}"), json!(i))).collect();
        let s = summary(&json!({ "wide": wide }));
        let kept = s["wide"].as_object().unwrap();
        assert_eq!(kept.len(), LONG + 1);
        assert_eq!(kept["k0"], 0);
        assert_eq!(kept["…"], "7 more keys");
    }

    #[test]
    fn a_top_level_list_or_a_number_is_summarised_without_a_note() {
        assert_eq!(summary(&json!(1.5)), json!(1.5));
        let s = summary(&json!((0..100).collect::<Vec<_>>()));
        assert_eq!(s["length"], 100);
        assert!(summarise(b"[1, 2", "").is_err());
        assert!(summarise(b"{} x", "").is_err());
    }
}
