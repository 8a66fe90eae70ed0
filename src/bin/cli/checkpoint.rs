//! `ludolab octal --checkpoint FILE`: a long octal run saved as it goes and
//! resumed (the one terminal-only feature of a family's subcommand: a file
//! kept between runs).

use super::{json, Failure};
use ludolab::impartial::{octal_report, Report};
use ludolab::registry::{self, Scenario};
use std::io::{self, Write};
use std::path::Path;

/// The flag's name, added to the `octal` subcommand.
pub const FLAG: &str = "checkpoint";

/// The flag: saves the values to FILE and resumes from it.
pub fn arg() -> clap::Arg {
    clap::Arg::new(FLAG)
        .long(FLAG)
        .value_name("FILE")
        .value_parser(clap::value_parser!(std::path::PathBuf))
        .help(
            "Save the values to this file as they come in (every 2^20 heaps, at each doubling and at the end), \
             and resume from it when it exists: a long run survives an interruption, and a finished one extends \
             to a larger --up-to",
        )
}

/// The first line of a checkpoint file; then the code, the number of values,
/// and the values as little-endian u16.
const CHECKPOINT_MAGIC: &str = "ludolab octal checkpoint 1";

/// The values saved in `path` for `code`, if the file exists.
fn read_checkpoint(path: &Path, code: &str) -> Result<Vec<u16>, Failure> {
    let shown = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Failure::Read(shown, e)),
    };
    let damaged = |why: String| Failure::Read(shown.clone(), io::Error::new(io::ErrorKind::InvalidData, why));
    let mut parts = bytes.splitn(4, |&b| b == b'\n');
    let (magic, saved, count, body) = (parts.next(), parts.next(), parts.next(), parts.next());
    if magic != Some(CHECKPOINT_MAGIC.as_bytes()) {
        return Err(damaged(format!(
            "not a checkpoint (its first line is not \"{CHECKPOINT_MAGIC}\")"
        )));
    }
    let saved = String::from_utf8_lossy(saved.unwrap_or_default());
    if saved != code {
        return Err(damaged(format!("a checkpoint of {saved}, not of {code}")));
    }
    let count: usize = String::from_utf8_lossy(count.unwrap_or_default())
        .parse()
        .map_err(|_| damaged("no count of values on its third line".into()))?;
    let body = body.unwrap_or_default();
    if body.len() != 2 * count {
        return Err(damaged(format!(
            "damaged: {} bytes of values for {count} values",
            body.len()
        )));
    }
    Ok(body.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect())
}

/// Saves `values` to `path` through a temporary file, so an interruption
/// mid-write leaves the previous checkpoint whole.
fn write_checkpoint(path: &Path, code: &str, values: &[u16]) -> io::Result<()> {
    let mut bytes = format!("{CHECKPOINT_MAGIC}\n{code}\n{}\n", values.len()).into_bytes();
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    let partial = path.with_extension("partial");
    std::fs::write(&partial, bytes)?;
    std::fs::rename(&partial, path)
}

/// `ludolab octal --checkpoint FILE`: the report of the octal game `query`,
/// resumed from `path` and saved to it as values come in.
pub fn run(query: &str, path: &Path, as_json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let Scenario::Impartial(s) = registry::parse_command_line(query)? else {
        return Err(Failure::Rejected("--checkpoint saves an octal game's values".into()));
    };
    let code = s.code.to_string();
    let known = read_checkpoint(path, &code)?;
    let resumed = known.len().saturating_sub(1);
    if resumed > 0 {
        eprintln!("resuming {code} from {} ({resumed} heaps)", path.display());
    }
    let mut failed = None;
    let report = octal_report(&s, known, &mut |_, _| {}, &mut |values| {
        if values.len() - 1 > resumed && failed.is_none() {
            match write_checkpoint(path, &code, values) {
                Ok(()) => eprintln!("checkpoint: {} heaps saved to {}", values.len() - 1, path.display()),
                Err(e) => failed = Some(e),
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(Failure::Write(path.display().to_string(), e));
    }
    let report = Report::Octal(report);
    if as_json {
        json(out, &report)
    } else {
        let mut text = String::new();
        ludolab::impartial::text::print(&report, &mut text).map_err(|_| io::Error::other("text"))?;
        Ok(out.write_all(text.as_bytes())?)
    }
}
