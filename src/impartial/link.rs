//! The impartial-games link: its keys, read into a [`Scenario`] and written
//! back. Every key is read (and checked) the same way in any mode; the mode's
//! rules then set their defaults and refuse what does not fit together, and
//! the link writes only the keys the mode uses (`MODE_USES`, walked through
//! choices such as `of`).

use super::graph::Graph;
use super::modes::misere::OF_USES;
use super::modes::{check, MODE_HINTS, MODE_LABELS, MODE_USES};
use super::octal::OctalCode;
use super::scenario::{MisereOf, Mode, Scenario, MAX_NIM_HEAP, MAX_SUM_HEAPS, MAX_TEXT, MAX_UP_TO};
use super::solitaire::Solitaire;
use super::sum::parse_sum;
use crate::toolkit::sort;
use crate::toolkit::{field, Error, Field, Label, Params, UsedKey};

/// One key of an impartial-games link, in one place: its field (label and
/// range), how it is read into the scenario and how it is written back (none:
/// the link leaves it out). Its default is the scenario's
/// (`Scenario::default`); which modes use it, the mode's (`ModeRules::KEYS`).
/// A new key is one line here, its scenario field and its strings.
struct Key {
    field: Field,
    /// Reads the key when the link has it (`given`: the keys the link has).
    read: fn(&mut Scenario, &mut Params, &Field, &[&str]) -> Result<(), Error>,
    write: fn(&Scenario) -> Option<String>,
}

/// Heaps or takes as the link writes them: `3,4,5`.
fn joined<T: ToString>(values: &[T]) -> String {
    values.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

/// The link's keys, in link order.
const KEYS: &[Key] = &[
    Key {
        field: Field::choice("mode", Label::new("Game", "Jeu"), Mode::NAMES)
            .using(MODE_USES)
            .labelled(MODE_LABELS)
            .hinted(MODE_HINTS),
        read: |s, p, f, _| {
            if let Some(x) = p.choice(f, Mode::ALL, Mode::name)? {
                s.mode = x;
            }
            Ok(())
        },
        write: |s| Some(s.mode.name().into()),
    },
    Key {
        field: Field::wholes("heaps", Label::new("Heaps", "Tas"), 0, MAX_NIM_HEAP, MAX_SUM_HEAPS),
        read: |s, p, f, _| {
            if let Some(v) = p.wholes::<u64>(f)? {
                s.heaps = v;
            }
            Ok(())
        },
        // An empty sum (heap limit 0) writes no key: the key takes one heap at least.
        write: |s| (!s.heaps.is_empty()).then(|| joined(&s.heaps)),
    },
    Key {
        field: Field::text(
            "code",
            Label::new("Octal code", "Code octal"),
            40,
            &[
                "0.77", "0.137", "0.07", "0.16", "4.07", "0.6", "0.51", "0.3", "4.7", "0.376", "0.354", "grundy",
            ],
        ),
        read: |s, p, f, _| {
            if let Some(v) = p.text(f)? {
                s.code = OctalCode::parse(&v)?;
            }
            Ok(())
        },
        write: |s| Some(s.code.to_string()),
    },
    Key {
        field: Field::whole("up_to", Label::new("Heaps up to", "Tas jusqu’à"), 1, MAX_UP_TO as u64),
        read: |s, p, f, _| {
            if let Some(v) = p.count(f)? {
                s.up_to = v;
            }
            Ok(())
        },
        write: |s| Some(s.up_to.to_string()),
    },
    Key {
        // The stick game's key, as every chapter reads it (`set`, its first
        // name here, is renamed by the registry's RENAMED_KEYS).
        field: crate::games::subtraction::TAKE_FIELD,
        read: |s, p, f, _| {
            if let Some(mut set) = p.wholes::<usize>(f)? {
                sort::sort(&mut set);
                set.dedup();
                s.set = set;
            }
            Ok(())
        },
        write: |s| Some(joined(&s.set)),
    },
    Key {
        field: Field::text(
            "edges",
            Label::new("Graph (edges)", "Graphe (arêtes)"),
            MAX_TEXT,
            &["0-1,1-2,2-3", "1:", "3: 0-1", "0-1,1-2,2-0", "5: 0-1,2-3"],
        ),
        read: |s, p, f, _| {
            if let Some(e) = p.text(f)? {
                s.graph = Graph::parse(&e)?;
                s.graph_text = e;
            }
            Ok(())
        },
        // A graph is written by its preset's name when it has one, else by its edges.
        write: |s| Graph::preset(&s.graph_text).is_err().then(|| s.graph_text.clone()),
    },
    Key {
        field: Field::text(
            "preset",
            Label::new("Graph (preset)", "Graphe (préréglage)"),
            40,
            &[
                "path:7",
                "cycle:6",
                "star:5",
                "grid:3x4",
                "complete:5",
                "petersen",
                "path:1",
            ],
        ),
        read: |s, p, f, given| {
            if let Some(v) = p.text(f)? {
                if given.contains(&"edges") {
                    return Err(Error::Conflict {
                        key: "preset",
                        message: text!(
                            "give the graph by its edges or by a preset, not both",
                            "donnez le graphe par ses arêtes ou par un préréglage, pas les deux"
                        ),
                    });
                }
                s.graph = Graph::preset(&v)?;
                s.graph_text = v;
            }
            Ok(())
        },
        write: |s| Graph::preset(&s.graph_text).is_ok().then(|| s.graph_text.clone()),
    },
    Key {
        field: Field::choice("rule", Label::new("Rule", "Règle"), &["node-kayles", "colouring"]),
        read: |s, p, f, _| {
            if let Some(v) = p.choice(f, &[false, true], |c| if c { "colouring" } else { "node-kayles" })? {
                s.colouring = v;
            }
            Ok(())
        },
        write: |s| s.colouring.then(|| "colouring".into()),
    },
    Key {
        field: Field::text(
            "sum",
            Label::new("Position", "Position"),
            MAX_TEXT,
            &["nim 3; 0.77 10; path:5", "nim 0", "0.137 20; cycle:5", "nim 1; nim 1"],
        ),
        read: |s, p, f, _| {
            if let Some(v) = p.text(f)? {
                parse_sum(&v)?;
                s.sum = v;
            }
            Ok(())
        },
        write: |s| Some(s.sum.clone()),
    },
    Key {
        field: Field::text(
            "other",
            Label::new("Compare with (optional)", "Comparer avec (facultatif)"),
            MAX_TEXT,
            &["nim 1", "nim 6", "0.77 4"],
        ),
        read: |s, p, f, _| {
            if let Some(v) = p.text(f)? {
                parse_sum(&v).map_err(|e| e.for_key("other"))?;
                s.other = Some(v);
            }
            Ok(())
        },
        write: |s| s.other.clone(),
    },
    Key {
        field: Field::choice(
            "of",
            Label::new("Position made of", "Position faite de"),
            &MisereOf::NAMES,
        )
        .using(OF_USES),
        read: |s, p, f, _| {
            if let Some(v) = p.choice(f, &MisereOf::ALL, MisereOf::name)? {
                s.of = v;
            }
            Ok(())
        },
        write: |s| Some(s.of.name().into()),
    },
    Key {
        field: Field::text(
            "line",
            Label::new("Line", "Ligne"),
            40,
            &["1101101", "1", "0", "11111111111111111111", "10"],
        ),
        read: |s, p, f, _| {
            if let Some(v) = p.text(f)? {
                Solitaire::parse(&v)?;
                s.line = v;
            }
            Ok(())
        },
        write: |s| Some(s.line.clone()),
    },
    Key {
        field: Field::whole(
            "heap_limit",
            Label::new("Heaps up to (quotient)", "Tas jusqu’à (quotient)"),
            0,
            crate::impartial::quotient::MAX_HEAP_LIMIT as u64,
        ),
        read: |s, p, f, _| {
            if let Some(v) = p.count(f)? {
                s.heap_limit = v;
            }
            Ok(())
        },
        write: |s| Some(s.heap_limit.to_string()),
    },
    Key {
        field: Field::whole(
            "digits",
            Label::new("Digits of the codes", "Chiffres des codes"),
            1,
            crate::impartial::table::MAX_TABLE_DIGITS as u64,
        ),
        read: |s, p, f, _| {
            if let Some(v) = p.count(f)? {
                s.digits = v;
            }
            Ok(())
        },
        write: |s| Some(s.digits.to_string()),
    },
];

const KEY_FIELDS: [Field; KEYS.len()] = {
    let mut out = [KEYS[0].field; KEYS.len()];
    let mut i = 1;
    while i < KEYS.len() {
        out[i] = KEYS[i].field;
        i += 1;
    }
    out
};

/// The keys of an impartial-games link, in link order (the fields of `KEYS`).
pub const FIELDS: &[Field] = &KEY_FIELDS;

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads an impartial-games link's keys; absent keys keep their defaults.
    /// `mode=misere&of=quotient`, the quotient's first spelling, reads as `mode=quotient`.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let mut s = Scenario::default();
        let mut given: Vec<&str> = FIELDS
            .iter()
            .map(|f| f.key)
            .filter(|k| params.pairs().iter().any(|(key, _)| key == k))
            .collect();
        let old_quotient = params.pairs().iter().any(|(k, v)| k == "of" && v == "quotient")
            && params.pairs().iter().any(|(k, v)| k == "mode" && v == "misere");
        if old_quotient {
            params.take("of");
            params.take("mode");
            given.retain(|&k| k != "of");
            s.mode = Mode::Quotient;
        }
        for key in KEYS {
            (key.read)(&mut s, params, &key.field, &given)?;
        }
        check(&mut s, &given)?;
        Ok(s)
    }

    /// The link's pairs: the mode, then the keys it uses (and those of the
    /// choices among them, such as misère play's `of`), in that order.
    pub fn write(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("mode", self.mode.name().to_string())];
        self.write_keys(field(FIELDS, "mode").keys_of(self.mode.name()), &mut out);
        out
    }

    fn write_keys(&self, keys: &[UsedKey], out: &mut Vec<(&'static str, String)>) {
        for used in keys {
            if let Some(v) = self.value(used.key) {
                let f = field(FIELDS, used.key);
                let inner = f.keys_of(&v);
                out.push((used.key, v));
                self.write_keys(inner, out);
            }
        }
    }

    /// The value the link writes for `key`, if any: a graph by its preset or
    /// its edges, the rule only when it is not the default, an empty sum not at all.
    fn value(&self, key: &str) -> Option<String> {
        KEYS.iter().find(|k| k.field.key == key).and_then(|k| (k.write)(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key a mode uses is a field whose value the link can write.
    #[test]
    fn every_used_key_is_a_field_the_link_writes() {
        let s = Scenario {
            other: Some("nim 1".into()),
            colouring: true,
            ..Scenario::default()
        };
        for uses in MODE_USES.iter().chain(OF_USES) {
            for k in uses.keys {
                assert!(FIELDS.iter().any(|f| f.key == k.key), "{}", k.key);
                let graph = k.key == "preset" || k.key == "edges";
                assert!(graph || s.value(k.key).is_some(), "{}", k.key);
            }
        }
    }
}
