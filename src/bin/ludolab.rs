//! `ludolab`: the native command line of Ludolab.
//!
//! Flags carry the share link's key names; they are turned into a link query and
//! parsed by `ludolab::scenario::parse`, the one place that validates input.
//!
//! The CLI is native only: its dependencies (clap, serde_json) are not built for
//! wasm32, where this binary is empty.
#![cfg_attr(target_arch = "wasm32", no_main)]

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use clap::{Args, Parser, Subcommand};
    use ludolab::scenario::{self, Scenario};
    use ludolab::{snakes, Matrix};
    use serde::Serialize;
    use std::io::{self, Write};
    use std::process::ExitCode;

    #[derive(Parser)]
    #[command(
        name = "ludolab",
        version,
        about = "Exact mathematics of games of chance and strategy"
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Two-player Snakes and Ladders: win probabilities P and expected lengths E.
        Snakes(SnakesArgs),
        /// Check a share link (the part after `#`) and print its canonical form.
        Link {
            /// For example `game=snakes&preset=audet`.
            query: String,
        },
    }

    #[derive(Args)]
    struct SnakesArgs {
        /// Board preset: audet, milton-bradley, grid1 or example2.
        #[arg(long)]
        preset: Option<String>,
        /// Print JSON (`{"n":…,"p":[[…]],"e":[[…]]}`, rows = square of the player to move).
        #[arg(long)]
        json: bool,
    }

    enum Failure {
        Input(ludolab::Error),
        Output(io::Error),
    }

    impl From<ludolab::Error> for Failure {
        fn from(e: ludolab::Error) -> Self {
            Failure::Input(e)
        }
    }

    impl From<io::Error> for Failure {
        fn from(e: io::Error) -> Self {
            Failure::Output(e)
        }
    }

    pub fn main() -> ExitCode {
        let cli = Cli::parse();
        let mut out = io::stdout().lock();
        match run(cli, &mut out).and_then(|()| out.flush().map_err(Failure::from)) {
            Ok(()) => ExitCode::SUCCESS,
            // A reader that stopped early (`| head`) is not an error.
            Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(Failure::Output(e)) => {
                eprintln!("error: cannot write the output: {e}");
                ExitCode::FAILURE
            }
            Err(Failure::Input(e)) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        }
    }

    fn run(cli: Cli, out: &mut impl Write) -> Result<(), Failure> {
        match cli.command {
            Command::Link { query } => {
                writeln!(out, "{}", scenario::to_query(&scenario::parse(&query)?))?;
            }
            Command::Snakes(args) => {
                let mut query = form_urlencoded::Serializer::new(String::new());
                query.append_pair("game", "snakes");
                if let Some(preset) = &args.preset {
                    query.append_pair("preset", preset);
                }
                let Scenario::Snakes(s) = scenario::parse(&query.finish())? else {
                    unreachable!("game=snakes parses to a Snakes scenario")
                };
                let solution = snakes::solve(&s, &mut |_| {})?;
                if args.json {
                    let json = SnakesJson {
                        n: solution.p.rows(),
                        p: solution.p.to_rows(),
                        e: solution.e.to_rows(),
                    };
                    serde_json::to_writer(&mut *out, &json).map_err(io::Error::from)?;
                    writeln!(out)?;
                } else {
                    print_snakes(out, &s, &solution)?;
                }
            }
        }
        Ok(())
    }

    #[derive(Serialize)]
    struct SnakesJson {
        n: usize,
        p: Vec<Vec<f64>>,
        e: Vec<Vec<f64>>,
    }

    fn print_snakes(
        out: &mut impl Write,
        s: &snakes::Scenario,
        solution: &snakes::distributions::Solution,
    ) -> io::Result<()> {
        let n = solution.p.rows();
        writeln!(
            out,
            "Snakes and Ladders, preset {} (n = {n}; {} rolls summed)",
            s.preset, solution.rolls
        )?;
        writeln!(
            out,
            "p[0][0] = {:.10}  win probability of the first player, both on 0",
            solution.p.get(0, 0)
        )?;
        writeln!(
            out,
            "e[0][0] = {:.10}  expected number of moves of a game from 0, 0",
            solution.e.get(0, 0)
        )?;
        writeln!(out)?;
        let picks = excerpt(n);
        print_excerpt(
            out,
            "P",
            "probability that the player to move wins",
            &solution.p,
            &picks,
            3,
        )?;
        writeln!(out)?;
        print_excerpt(
            out,
            "E",
            "expected number of moves until someone wins",
            &solution.e,
            &picks,
            2,
        )
    }

    /// The rows and columns of the seed's Figures 3–4: the first four, four in the
    /// middle and the last four (all of them on a small board).
    fn excerpt(n: usize) -> Vec<usize> {
        if n <= 12 {
            return (0..n).collect();
        }
        let mid = n / 2;
        [
            0,
            1,
            2,
            3,
            mid,
            mid + 1,
            mid + 2,
            mid + 3,
            n - 4,
            n - 3,
            n - 2,
            n - 1,
        ]
        .to_vec()
    }

    fn print_excerpt(
        out: &mut impl Write,
        name: &str,
        meaning: &str,
        m: &Matrix,
        picks: &[usize],
        decimals: usize,
    ) -> io::Result<()> {
        writeln!(out, "{name}: {meaning} (rows: square of the player to move; columns: square of the opponent)")?;
        write!(out, "{:>5}", "")?;
        for &j in picks {
            write!(out, " {j:>7}")?;
        }
        writeln!(out)?;
        for &i in picks {
            write!(out, "{i:>5}")?;
            for &j in picks {
                write!(out, " {:>7.*}", decimals, m.get(i, j))?;
            }
            writeln!(out)?;
        }
        Ok(())
    }
}
