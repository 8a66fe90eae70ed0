//! The impartial-games link: its keys, read into a [`Scenario`] and written
//! back. Every key is read (and checked) the same way in any mode; the mode's
//! rules then set their defaults and refuse what does not fit together, and
//! the link writes only the keys the mode uses (`MODE_USES`, walked through
//! choices such as `of`).

use super::graph::Graph;
use super::modes::misere::OF_USES;
use super::modes::{check, MODE_USES};
use super::octal::OctalCode;
use super::scenario::{MisereOf, Mode, Scenario, MAX_NIM_HEAP, MAX_SUM_HEAPS, MAX_TEXT, MAX_UP_TO};
use super::solitaire::Solitaire;
use super::sum::parse_sum;
use crate::toolkit::{field, Error, Field, Label, Params, UsedKey};

/// The keys of an impartial-games link, in link order.
pub const FIELDS: &[Field] = &[
    Field::choice("mode", Label::new("Game", "Jeu"), Mode::NAMES).using(MODE_USES),
    Field::wholes("heaps", Label::new("Heaps", "Tas"), 0, MAX_NIM_HEAP, MAX_SUM_HEAPS),
    Field::text(
        "code",
        Label::new("Octal code", "Code octal"),
        40,
        &[
            "0.77", "0.137", "0.07", "0.16", "4.07", "0.6", "0.51", "0.3", "4.7", "0.376", "0.354", "grundy",
        ],
    ),
    Field::whole("up_to", Label::new("Heaps up to", "Tas jusqu’à"), 1, MAX_UP_TO as u64),
    Field::wholes(
        "set",
        Label::new("Takes", "Prises"),
        1,
        crate::impartial::subtraction::MAX_TAKE as u64,
        crate::impartial::subtraction::MAX_SET,
    ),
    Field::text(
        "edges",
        Label::new("Graph (edges)", "Graphe (arêtes)"),
        MAX_TEXT,
        &["0-1,1-2,2-3", "1:", "3: 0-1", "0-1,1-2,2-0", "5: 0-1,2-3"],
    ),
    Field::text(
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
    Field::choice("rule", Label::new("Rule", "Règle"), &["node-kayles", "colouring"]),
    Field::text(
        "sum",
        Label::new("Position", "Position"),
        MAX_TEXT,
        &["nim 3; 0.77 10; path:5", "nim 0", "0.137 20; cycle:5", "nim 1; nim 1"],
    ),
    Field::text(
        "other",
        Label::new("Compare with (optional)", "Comparer avec (facultatif)"),
        MAX_TEXT,
        &["nim 1", "nim 6", "0.77 4"],
    ),
    Field::choice(
        "of",
        Label::new("Position made of", "Position faite de"),
        &MisereOf::NAMES,
    )
    .using(OF_USES),
    Field::text(
        "line",
        Label::new("Line", "Ligne"),
        40,
        &["1101101", "1", "0", "11111111111111111111", "10"],
    ),
    Field::whole(
        "heap_limit",
        Label::new("Heaps up to (quotient)", "Tas jusqu’à (quotient)"),
        0,
        crate::impartial::quotient::MAX_HEAP_LIMIT as u64,
    ),
    Field::whole(
        "digits",
        Label::new("Digits of the codes", "Chiffres des codes"),
        1,
        crate::impartial::table::MAX_TABLE_DIGITS as u64,
    ),
];

crate::link_scenario!(Scenario);

impl Scenario {
    /// Reads an impartial-games link's keys; absent keys keep their defaults.
    /// `mode=misere&of=quotient`, the quotient's first spelling, reads as `mode=quotient`.
    ///
    /// # Errors
    /// The first key at fault.
    pub fn parse(params: &mut Params) -> Result<Self, Error> {
        let f = |key| field(FIELDS, key);
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
        if let Some(x) = params.choice(f("mode"), Mode::ALL, Mode::name)? {
            s.mode = x;
        }
        if let Some(v) = params.wholes::<u64>(f("heaps"))? {
            s.heaps = v;
        }
        if let Some(v) = params.text(f("code"))? {
            s.code = OctalCode::parse(&v)?;
        }
        if let Some(v) = params.count(f("up_to"))? {
            s.up_to = v;
        }
        if let Some(mut set) = params.wholes::<usize>(f("set"))? {
            set.sort_unstable();
            set.dedup();
            s.set = set;
        }
        match (params.text(f("edges"))?, params.text(f("preset"))?) {
            (Some(_), Some(_)) => {
                return Err(Error::Conflict {
                    key: "preset",
                    message: text!(
                        "give the graph by its edges or by a preset, not both",
                        "donnez le graphe par ses arêtes ou par un préréglage, pas les deux"
                    ),
                })
            }
            (Some(e), None) => {
                s.graph = Graph::parse(&e)?;
                s.graph_text = e;
            }
            (None, Some(p)) => {
                s.graph = Graph::preset(&p)?;
                s.graph_text = p;
            }
            (None, None) => {}
        }
        if let Some(v) = params.choice(
            f("rule"),
            &[false, true],
            |c| if c { "colouring" } else { "node-kayles" },
        )? {
            s.colouring = v;
        }
        if let Some(v) = params.text(f("sum"))? {
            parse_sum(&v)?;
            s.sum = v;
        }
        if let Some(v) = params.text(f("other"))? {
            parse_sum(&v).map_err(|e| e.for_key("other"))?;
            s.other = Some(v);
        }
        if let Some(v) = params.choice(f("of"), &MisereOf::ALL, MisereOf::name)? {
            s.of = v;
        }
        if let Some(v) = params.text(f("line"))? {
            Solitaire::parse(&v)?;
            s.line = v;
        }
        if let Some(v) = params.count(f("digits"))? {
            s.digits = v;
        }
        if let Some(v) = params.count(f("heap_limit"))? {
            s.heap_limit = v;
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
        let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let preset = Graph::preset(&self.graph_text).is_ok();
        match key {
            "mode" => Some(self.mode.name().into()),
            // An empty sum (heap limit 0) writes no key: the key takes one heap at least.
            "heaps" => (!self.heaps.is_empty()).then(|| join(&self.heaps)),
            "code" => Some(self.code.to_string()),
            "up_to" => Some(self.up_to.to_string()),
            "set" => Some(join(&self.set.iter().map(|&x| x as u64).collect::<Vec<_>>())),
            "preset" => preset.then(|| self.graph_text.clone()),
            "edges" => (!preset).then(|| self.graph_text.clone()),
            "rule" => self.colouring.then(|| "colouring".into()),
            "sum" => Some(self.sum.clone()),
            "other" => self.other.clone(),
            "of" => Some(self.of.name().into()),
            "line" => Some(self.line.clone()),
            "heap_limit" => Some(self.heap_limit.to_string()),
            "digits" => Some(self.digits.to_string()),
            _ => None,
        }
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
