//! `mode=quotient`: the misère quotient of an octal game's heaps up to
//! `heap_limit` (`crate::impartial::quotient`), and a sum answered by it.
//! The older spelling `mode=misere&of=quotient` opens it too.

use super::rules::ModeRules;
use crate::impartial::quotient::report::{quotient_report, QuotientReport};
use crate::impartial::quotient::Quotient;
use crate::impartial::scenario::{Scenario, DEFAULT_MISERE_HEAPS};
use crate::toolkit::{Cost, Error, Label, Progress, UsedKey};

/// The quotient's rules.
pub struct Rules;

impl ModeRules for Rules {
    const LABEL: Label = Label::new("misère quotient", "quotient misère");
    const HINT: Label = Label::new(
        "Misère play of an octal game’s heaps up to N, by its misère quotient (Plambeck–Siegel): a small table answers any sum of those heaps at once.",
        "Le jeu misère des tas jusqu’à N d’un jeu octal, par son quotient misère (Plambeck–Siegel) : une petite table donne aussitôt l’issue de toute somme de ces tas.",
    );
    /// The sum (`heaps`) is typed in the box beside the quotient, not in the form.
    const KEYS: &'static [UsedKey] = &[
        UsedKey::form("code"),
        UsedKey::form("heap_limit"),
        UsedKey::drawn("heaps"),
    ];
    type Output = Box<QuotientReport>;

    fn check(s: &mut Scenario, given: &[&str]) -> Result<(), Error> {
        if !given.contains(&"heaps") {
            // The example sum within a small heap limit (an empty sum at limit 0).
            s.heaps = DEFAULT_MISERE_HEAPS.to_vec();
            s.heaps.retain(|&h| h <= s.heap_limit as u64);
        }
        let largest = s.heaps.iter().copied().max().unwrap_or(0);
        if largest > s.heap_limit as u64 {
            return Err(Error::Conflict {
                key: "heaps",
                message: text!(
                    "the quotient covers heaps up to {} (the heap limit): heap {largest} is beyond it; raise the limit or remove the heap",
                    "le quotient couvre les tas jusqu’à {} (la limite de tas) : le tas {largest} la dépasse ; relevez la limite ou retirez le tas",
                    s.heap_limit
                ),
            });
        }
        Ok(())
    }

    /// Quotients that stay small cost little (Kayles to heap 300, under 2 s);
    /// those that grow cost each expansion's proofs (Dawson's Kayles jumps from
    /// 24 to 144 elements at heap 25) until a budget stops them. Which a code
    /// does is known only once its quotient is built, so the time is
    /// `uncertain`; `seconds` follows the costliest codes measured (about 1 s
    /// to heap 24, 10 s at heap 30: BENCHMARKS.md, "Misère quotients"), so the
    /// page asks first beyond heap 24. A code whose trial monoids outgrow
    /// their budget from heap 5 on (0.354: stopped at heap 5 after 5.4 s
    /// natively on a slow day, whatever the limit) costs that budget's time,
    /// about 3 s in the browser, at any limit from 5.
    fn cost(s: &Scenario) -> Cost {
        let h = s.heap_limit as f64;
        let seconds = if s.heap_limit <= 24 {
            1e-3 + (h / 24.0).powi(3)
        } else {
            10.0 * (h / 30.0).powi(3)
        };
        let seconds = if s.heap_limit >= 5 { seconds.max(3.0) } else { seconds };
        Cost {
            seconds,
            megabytes: 20.0 + h,
            uncertain: true,
        }
    }

    fn analyse(s: &Scenario, progress: Progress) -> Result<Box<QuotientReport>, Error> {
        let q = Quotient::cached(&s.code, s.heap_limit, progress)?;
        Ok(Box::new(quotient_report(&q, s.heap_limit, &s.heaps)?))
    }
}
