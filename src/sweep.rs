//! A seeded generator of share links for every family and mode, valid and
//! invalid: the safety net of the page (the browser sweep) and of the core (the
//! native sweep), so that a person who strays finds no broken state.
//!
//! Values are drawn from each key's own spec ([`Family::FIELDS`](crate::toolkit::Family)):
//! anywhere in a number's range, with its limits often (the smallest, the
//! largest), and from the text fields' examples, which hold the degenerate cases
//! (a board where games never end, a one-vertex graph or arena, a take set that
//! loses everywhere). A drawn link the registry refuses is drawn again; a valid
//! link costing more than the budget too. An invalid link is a valid one with one
//! value spoiled: the page must keep the family, the mode and the other values,
//! and name that field.

use crate::registry::{check, link_query, parse_link, Game, Link, Scenario};
use crate::toolkit::{Field, Kind};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

/// One link of the sweep.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepLink {
    /// The query (after `#`).
    pub query: String,
    /// The family's `game` key.
    pub game: &'static str,
    /// The key naming the mode (`mode`, `kind`), and the link's mode, when the family has one.
    pub mode: Option<(&'static str, String)>,
    /// For an invalid link: the key whose value was spoiled.
    pub bad_key: Option<&'static str>,
    /// The estimated time of a valid link, in seconds.
    pub seconds: f64,
}

/// Tries per link before the generator gives up on a family (it never has to in practice).
const TRIES: usize = 400;

fn pick<'a, T>(rng: &mut Xoshiro256PlusPlus, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// A whole number in `min..=max`: a limit one time in three, else anywhere,
/// small values more often than large ones (most keys have long tails).
fn whole(rng: &mut Xoshiro256PlusPlus, min: u64, max: u64) -> u64 {
    match rng.random_range(0..6) {
        0 => min,
        1 => max,
        2 => min + rng.random_range(0..=(max - min).min(3)),
        3 => rng.random_range(min..=max),
        _ => {
            // Log-uniform: as many draws below 100 as between 100 and 10,000.
            let span = (max - min) as f64 + 1.0;
            let x = span.powf(rng.random_range(0.0..1.0)) - 1.0;
            min + (x as u64).min(max - min)
        }
    }
}

/// A valid-looking value of `field` (its parser has the last word).
fn value(rng: &mut Xoshiro256PlusPlus, field: &Field) -> String {
    match field.kind {
        Kind::Whole { min, max } => whole(rng, min, max).to_string(),
        Kind::Wholes { min, max, most } => {
            let count = whole(rng, 1, most as u64);
            (0..count)
                .map(|_| whole(rng, min, max).to_string())
                .collect::<Vec<_>>()
                .join(",")
        }
        Kind::Choice { values } => (*pick(rng, values)).to_string(),
        Kind::ChoiceOrWhole { values, min, max } => {
            if rng.random_range(0..3) == 0 {
                whole(rng, min, max.min(6)).to_string()
            } else {
                (*pick(rng, values)).to_string()
            }
        }
        Kind::Text { examples, .. } => (*pick(rng, examples)).to_string(),
    }
}

/// A value `field` refuses: past its range, not a number, not a name, bad syntax.
fn spoiled(rng: &mut Xoshiro256PlusPlus, field: &Field) -> String {
    match field.kind {
        Kind::Whole { min, max } => match rng.random_range(0..4) {
            0 => (max + 1).to_string(),
            1 if min > 0 => (min - 1).to_string(),
            2 => "x".into(),
            _ => "-1".into(),
        },
        Kind::Wholes { max, most, .. } => match rng.random_range(0..3) {
            0 => format!("1,{}", max + 1),
            1 => vec!["1"; most + 1].join(","),
            _ => "1,,2".into(),
        },
        Kind::Choice { .. } | Kind::ChoiceOrWhole { .. } => "nope".into(),
        Kind::Text { .. } => pick(rng, &["<img src=x>", "@@@", ">"]).to_string(),
    }
}

/// The key that names a family's mode, if it has one.
fn mode_key(game: Game) -> Option<&'static str> {
    ["mode", "kind"].into_iter().find(|k| game.label(k).is_some())
}

/// A random valid link of `game` costing at most `budget` seconds.
fn valid(rng: &mut Xoshiro256PlusPlus, game: Game, budget: f64) -> Option<(Link, String)> {
    valid_with(rng, game, budget, &[])
}

/// A random valid link of `game` costing at most `budget` seconds, with the
/// pairs `fixed` as given (a kind of work: a solver, a ruleset, a mode).
fn valid_with(rng: &mut Xoshiro256PlusPlus, game: Game, budget: f64, fixed: &[(&str, &str)]) -> Option<(Link, String)> {
    let fields = game.fields();
    for _ in 0..TRIES {
        let mut pairs = vec![("game".to_string(), game.key().to_string()), ("v".into(), "1".into())];
        if rng.random_range(0..4) == 0 {
            pairs.push(("lang".into(), pick(rng, &["en", "fr"]).to_string()));
        }
        // Presented and embedded views are swept too: every view must render in them.
        for key in crate::registry::DISPLAY_KEYS {
            if rng.random_range(0..8) == 0 {
                pairs.push((key.to_string(), "1".into()));
            }
        }
        for f in fields {
            if let Some((_, v)) = fixed.iter().find(|(k, _)| *k == f.key) {
                pairs.push((f.key.to_string(), (*v).to_string()));
                continue;
            }
            // The mode always; other keys one time in two, so defaults are swept too.
            if Some(f.key) == mode_key(game) || rng.random_range(0..2) == 0 {
                // A text key: the family's own draw one time in two (positions
                // of any size and shape), else the examples (the degenerate cases).
                let drawn = match f.kind {
                    Kind::Text { .. } if rng.random_range(0..2) == 0 => game.sample(f.key, &pairs, rng),
                    _ => None,
                };
                let v = drawn.unwrap_or_else(|| value(rng, f));
                pairs.push((f.key.to_string(), v));
            }
        }
        let query = crate::toolkit::write_query(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        if let Ok(link) = parse_link(&query) {
            if link.scenario.cost().seconds <= budget {
                let canonical = link_query(&link);
                return Some((link, canonical));
            }
        }
    }
    None
}

/// `count` valid links of `game` from `seed`, each costing at most `budget`
/// seconds in the browser, with the pairs `fixed` (a kind of work) as given:
/// the links of the estimate test. Fewer when the generator finds fewer.
pub fn valid_links(seed: u64, game: Game, fixed: &[(&str, &str)], count: usize, budget: f64) -> Vec<SweepLink> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count)
        .filter_map(|_| valid_with(&mut rng, game, budget, fixed))
        .map(|(link, query)| SweepLink {
            game: game.key(),
            mode: mode_of(game, &link.scenario),
            bad_key: None,
            seconds: link.scenario.cost().seconds,
            query,
        })
        .collect()
}

/// The estimate test's sample: for every family, every value of each of its
/// choice keys (a mode, a ruleset, a solver, a generator, a searched game: the
/// kinds of work), `per_kind` valid links with that value costing at most
/// `budget` seconds, drawn across the rest of the accepted range, and as many
/// of any kind. A link's `mode` is the key and value it was drawn for, or its
/// family's mode.
pub fn estimate_sample(seed: u64, per_kind: usize, budget: f64) -> Vec<SweepLink> {
    let mut out = Vec::new();
    for (g, &game) in Game::ALL.iter().enumerate() {
        // Any kind (a family with no choice key, as Connect Four, has only these).
        out.extend(valid_links(seed ^ (g as u64) << 56, game, &[], per_kind, budget));
        for (f, field) in game.fields().iter().enumerate() {
            let (Kind::Choice { values } | Kind::ChoiceOrWhole { values, .. }) = field.kind else {
                continue;
            };
            for (v, &value) in values.iter().enumerate() {
                let seed = seed ^ ((g as u64) << 48 | (f as u64) << 32 | v as u64);
                out.extend(
                    valid_links(seed, game, &[(field.key, value)], per_kind, budget)
                        .into_iter()
                        .map(|l| SweepLink {
                            mode: Some((field.key, value.to_string())),
                            ..l
                        }),
                );
            }
        }
    }
    out
}

fn mode_of(game: Game, scenario: &Scenario) -> Option<(&'static str, String)> {
    let key = mode_key(game)?;
    scenario.pairs().into_iter().find(|(k, _)| *k == key)
}

/// `count` links from `seed`, every family in turn; one in four is invalid.
/// Valid links cost at most `budget` seconds each (the page's estimate).
pub fn sweep(seed: u64, count: usize, budget: f64) -> Vec<SweepLink> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let game = Game::ALL[k % Game::ALL.len()];
        let Some((link, query)) = valid(&mut rng, game, budget) else {
            continue;
        };
        let mode = mode_of(game, &link.scenario);
        // One link in four is spoiled, turn by turn over the families, so that
        // every family gets some whatever their number (round plus family, not k
        // plus round: with nine families 10·round is never 3 mod 4).
        if (k / Game::ALL.len() + k % Game::ALL.len()) % 4 != 3 {
            out.push(SweepLink {
                query,
                game: game.key(),
                mode,
                bad_key: None,
                seconds: link.scenario.cost().seconds,
            });
            continue;
        }
        // Spoil one key the link writes (never the mode: it decides which fields exist).
        let pairs = link.scenario.pairs();
        let candidates: Vec<&(&'static str, String)> =
            pairs.iter().filter(|(key, _)| Some(*key) != mode_key(game)).collect();
        if candidates.is_empty() {
            continue;
        }
        let &(key, _) = *pick(&mut rng, &candidates);
        let field = game.fields().iter().find(|f| f.key == key).expect("a family's own key");
        let bad = spoiled(&mut rng, field);
        let mut spoiled_pairs: Vec<(String, String)> = crate::toolkit::Params::from_query(&query)
            .map(|p| p.pairs().to_vec())
            .unwrap_or_default();
        for pair in &mut spoiled_pairs {
            if pair.0 == key {
                pair.1.clone_from(&bad);
            }
        }
        let bad_query = crate::toolkit::write_query(spoiled_pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        // Only a value the registry does refuse makes an invalid link.
        if check(&bad_query).is_ok_and(|c| c.errors.iter().any(|e| e.key() == Some(key))) {
            out.push(SweepLink {
                query: bad_query,
                game: game.key(),
                mode,
                bad_key: Some(key),
                seconds: 0.0,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_covers_every_family_with_valid_and_invalid_links() {
        let links = sweep(7, 200, 1.0);
        assert!(links.len() > 150);
        for &game in Game::ALL {
            assert!(
                links.iter().any(|l| l.game == game.key() && l.bad_key.is_none()),
                "{game:?}"
            );
            assert!(
                links.iter().any(|l| l.game == game.key() && l.bad_key.is_some()),
                "{game:?}"
            );
        }
        for l in &links {
            let c = check(&l.query).expect("the family is known");
            assert_eq!(c.errors.is_empty(), l.bad_key.is_none(), "{}", l.query);
            if l.bad_key.is_none() {
                assert!(l.seconds <= 1.0);
            }
        }
        // The same seed, the same links.
        assert_eq!(sweep(7, 50, 1.0), sweep(7, 50, 1.0));
    }

    #[test]
    fn the_estimate_sample_draws_each_kind_of_work_of_every_family() {
        let links = estimate_sample(3, 1, 1.5);
        for l in &links {
            let c = check(&l.query).expect("the family is known");
            assert!(c.errors.is_empty(), "{}", l.query);
            assert!(l.seconds <= 1.5, "{}", l.query);
            // The value drawn for is the link's (or its default, left out).
            let Some((key, value)) = l.mode.clone() else { continue };
            let params = crate::toolkit::Params::from_query(&l.query).expect("a query");
            let written = params.pairs().iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
            assert!(
                written.is_none() || written.as_deref() == Some(value.as_str()),
                "{}",
                l.query
            );
        }
        for &game in Game::ALL {
            assert!(links.iter().any(|l| l.game == game.key()), "{game:?}");
        }
        // Partizan's own draw: random boards, not only the examples.
        let partizan: Vec<_> = links.iter().filter(|l| l.game == "partizan").collect();
        assert!(partizan.len() >= 9, "{}", partizan.len());
    }
}
