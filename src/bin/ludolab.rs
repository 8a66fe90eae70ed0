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
    use ludolab::{arena, dice, impartial, orchard, snakes, Matrix};
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
        Snakes(Box<SnakesArgs>),
        /// Dice Battle: sequential (EG, OPT), compare (two strategies, exactly), one-turn (matrix game).
        Dice(Box<DiceArgs>),
        /// Orchard (Le Verger): win probability by basket strategy, the advisor, sweeps.
        Orchard(Box<OrchardArgs>),
        /// The stick game as an arena: attractors, ranks, winning takes.
        SubtractionArena(Box<SubtractionArgs>),
        /// Chomp as an arena: attractors and the winning first moves.
        Chomp(Box<ChompArgs>),
        /// An arena typed in a file (`a:1>b:2`, `b>c`, `c=1`, one per line): attractors and draws.
        Arena(Box<ArenaArgs>),
        /// Nim: the nim-sum (in binary, as the seed writes it) and every winning move.
        Nim(Box<NimArgs>),
        /// An octal game by code (0.77 Kayles, 0.137 Dawson's chess): Grundy values, period, proof.
        Octal(Box<OctalArgs>),
        /// A subtraction game (a finite set of takes): Grundy values and period.
        Subtraction(Box<SubtractionGameArgs>),
        /// Node-Kayles (or the one-colour colouring game) on a graph: components, value, winning moves.
        GraphGame(Box<GraphGameArgs>),
        /// Misère play (whoever cannot move wins) by exhaustive search: Nim, octal heaps, graphs.
        Misere(Box<MisereArgs>),
        /// Two-player peg solitaire on a line (the seed's exercise).
        Solitaire(Box<SolitaireArgs>),
        /// Check a share link (the part after `#`) and print its canonical form.
        Link {
            /// For example `game=snakes&preset=audet`.
            query: String,
        },
    }

    #[derive(Args)]
    struct SnakesArgs {
        /// Board preset: audet, milton-bradley, grid1 or example2 (other board flags override it).
        #[arg(long)]
        preset: Option<String>,
        /// Number of squares n (the goal's number), 2 to 2500.
        #[arg(long)]
        squares: Option<String>,
        /// A ladder FROM:TO (repeat the flag, or separate with commas).
        #[arg(long, value_name = "FROM:TO")]
        ladder: Vec<String>,
        /// A snake FROM:TO (repeat the flag, or separate with commas).
        #[arg(long, value_name = "FROM:TO")]
        snake: Vec<String>,
        /// The die: equally likely faces `1,2,3,4,5,6` or weights `1:0.5,2:1/4,3:0.25`.
        #[arg(long)]
        die: Option<String>,
        /// Finish rule: overshoot (a roll past the goal wins), exact or bounce.
        #[arg(long)]
        rule: Option<String>,
        /// A characteristic matrix typed directly, rows separated by `;`: "1/8,1/4;3/8,1/2".
        #[arg(long)]
        matrix: Option<String>,
        /// Columns of the drawn grid (the page's board; no effect on the numbers).
        #[arg(long)]
        width: Option<String>,
        /// distributions (default), series, vectorised (n ≤ 200) or exact (n ≤ 12).
        #[arg(long)]
        method: Option<String>,
        /// Players in a race (2 to 6), moving in turn from --starts.
        #[arg(long)]
        players: Option<String>,
        /// Start squares of the players, e.g. 0,0,0.
        #[arg(long)]
        starts: Option<String>,
        /// Print JSON (rows of P and E = square of the player to move; null where undefined).
        #[arg(long)]
        json: bool,
    }

    impl SnakesArgs {
        /// The share-link query these flags stand for (same key names).
        fn query(&self) -> String {
            let mut query = form_urlencoded::Serializer::new(String::new());
            query.append_pair("game", "snakes");
            let single = [
                ("preset", &self.preset),
                ("squares", &self.squares),
                ("die", &self.die),
                ("rule", &self.rule),
                ("matrix", &self.matrix),
                ("width", &self.width),
                ("method", &self.method),
                ("players", &self.players),
                ("starts", &self.starts),
            ];
            for (key, value) in single {
                if let Some(v) = value {
                    query.append_pair(key, v);
                }
            }
            for (key, values) in [("ladder", &self.ladder), ("snake", &self.snake)] {
                if !values.is_empty() {
                    query.append_pair(key, &values.join(","));
                }
            }
            query.finish()
        }
    }

    #[derive(Clone, Copy, clap::ValueEnum)]
    enum DiceMode {
        Sequential,
        Compare,
        OneTurn,
        Simultaneous,
        Variant,
    }

    #[derive(Args)]
    struct DiceArgs {
        /// sequential, compare or one-turn.
        #[arg(value_enum)]
        mode: DiceMode,
        /// D: most dice a player may throw (1 to 30).
        #[arg(long)]
        dice: Option<String>,
        /// N: points to reach (1 to 1000).
        #[arg(long)]
        target: Option<String>,
        /// Strategy of player 1, who moves first: blind, random, optimal or a number of dice.
        #[arg(long)]
        first: Option<String>,
        /// Strategy of player 2.
        #[arg(long)]
        second: Option<String>,
        /// Also simulate this many games (compare).
        #[arg(long)]
        simulate: Option<String>,
        /// Seed of the simulation.
        #[arg(long)]
        seed: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    impl DiceArgs {
        fn query(&self) -> String {
            let mode = match self.mode {
                DiceMode::Sequential => "sequential",
                DiceMode::Compare => "compare",
                DiceMode::OneTurn => "one-turn",
                DiceMode::Simultaneous => "simultaneous",
                DiceMode::Variant => "variant",
            };
            link_query(
                "dice",
                &[
                    ("mode", Some(mode)),
                    ("dice", self.dice.as_deref()),
                    ("target", self.target.as_deref()),
                    ("first", self.first.as_deref()),
                    ("second", self.second.as_deref()),
                    ("simulate", self.simulate.as_deref()),
                    ("seed", self.seed.as_deref()),
                ],
            )
        }
    }

    #[derive(Args)]
    struct OrchardArgs {
        /// Number of trees (1 to 8).
        #[arg(short = 'a', long)]
        trees: Option<String>,
        /// Fruits per tree (1 to 20), or one count per tree: 10,10,7,3.
        #[arg(short, long)]
        fruits: Option<String>,
        /// Crow pieces (1 to 20).
        #[arg(short, long)]
        crows: Option<String>,
        /// Basket strategy: max, min, random or optimal.
        #[arg(short = 'p', long)]
        strategy: Option<String>,
        /// Fruits a basket picks (1 to 4; default 2).
        #[arg(long)]
        basket: Option<String>,
        /// Also print the sweeps: P for 1..8 trees × 1..20 fruits, and the fewest crows for P > 1/2.
        #[arg(long)]
        sweep: bool,
        /// Also simulate this many games with the real die.
        #[arg(long)]
        simulate: Option<String>,
        /// Seed of the simulation.
        #[arg(long)]
        seed: Option<String>,
        /// Advisor: the current position, fruits per tree (e.g. 7,5,0,3).
        #[arg(long)]
        position: Option<String>,
        /// Advisor: crows left (default: --crows).
        #[arg(long)]
        crows_left: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    impl OrchardArgs {
        fn query(&self) -> String {
            link_query(
                "orchard",
                &[
                    ("trees", self.trees.as_deref()),
                    ("fruits", self.fruits.as_deref()),
                    ("crows", self.crows.as_deref()),
                    ("strategy", self.strategy.as_deref()),
                    ("basket", self.basket.as_deref()),
                    ("simulate", self.simulate.as_deref()),
                    ("seed", self.seed.as_deref()),
                    ("position", self.position.as_deref()),
                    ("crows_left", self.crows_left.as_deref()),
                ],
            )
        }
    }

    #[derive(Args)]
    struct SubtractionArgs {
        /// Sticks at the start (1 to 1,000,000).
        #[arg(long)]
        sticks: Option<String>,
        /// Numbers of sticks a move may take, e.g. 1,2,3.
        #[arg(long)]
        take: Option<String>,
        /// Whoever takes the last stick loses (the seed's rule); otherwise they win.
        #[arg(long)]
        misere: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct ChompArgs {
        /// Rows of the bar (the poisoned square is bottom-left).
        #[arg(long)]
        rows: Option<String>,
        /// Columns of the bar.
        #[arg(long)]
        cols: Option<String>,
        /// A starting board: row lengths from the poisoned row up, e.g. 4,4,2.
        #[arg(long)]
        board: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct ArenaArgs {
        /// A file of statements `a:1>b:2`, `b>c`, `c=1` (or `-` for standard input).
        #[arg(long)]
        edges: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct NimArgs {
        /// The heaps, e.g. 8 8 7 7 7 6 4 4 4 2 1.
        #[arg(required = true)]
        heaps: Vec<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct OctalArgs {
        /// The code, e.g. 0.77, 0.137, 4.07.
        code: String,
        /// Heaps up to this size (1 to 1,000,000).
        #[arg(long)]
        up_to: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct SubtractionGameArgs {
        /// The numbers a move may take, e.g. 1,2,3.
        #[arg(long)]
        set: String,
        /// Heaps up to this size.
        #[arg(long)]
        up_to: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct GraphGameArgs {
        /// node-kayles (remove a vertex and its neighbours) or colouring (one colour).
        #[arg(long, default_value = "node-kayles")]
        game: String,
        /// Edges "0-1,1-2,2-3" (an optional "n:" prefix adds isolated vertices).
        #[arg(long)]
        edges: Option<String>,
        /// A preset: path:N, cycle:N, star:N, grid:RxC, complete:N, petersen.
        #[arg(long)]
        preset: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct MisereArgs {
        /// Nim heaps, e.g. 1,2,3.
        #[arg(long)]
        nim: Option<String>,
        /// An octal code (with --heaps).
        #[arg(long)]
        code: Option<String>,
        /// Heaps of the octal game, e.g. 4,9.
        #[arg(long)]
        heaps: Option<String>,
        /// A graph for misère node-Kayles: edges "0-1,1-2".
        #[arg(long)]
        edges: Option<String>,
        /// A graph preset for misère node-Kayles.
        #[arg(long)]
        preset: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    #[derive(Args)]
    struct SolitaireArgs {
        /// The line: 1 a peg, 0 an empty hole, e.g. 1101101 (up to 20 holes).
        line: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    }

    /// The share-link query for `game` from flag values (the flags carry the link's
    /// key names); absent flags are left out, so the scenario's defaults apply.
    fn link_query(game: &str, pairs: &[(&str, Option<&str>)]) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("game", game);
        for (key, value) in pairs {
            if let Some(v) = value {
                query.append_pair(key, v);
            }
        }
        query.finish()
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
            Command::Dice(args) => {
                let Scenario::Dice(s) = scenario::parse(&args.query())? else {
                    unreachable!("game=dice parses to a Dice scenario")
                };
                let analysis = dice::analyse(&s, &mut |_| {})?;
                if args.json {
                    serde_json::to_writer(&mut *out, &dice_json(&analysis)).map_err(io::Error::from)?;
                    writeln!(out)?;
                } else {
                    print_dice(out, &s, &analysis)?;
                }
            }
            Command::Orchard(args) => {
                let Scenario::Orchard(s) = scenario::parse(&args.query())? else {
                    unreachable!("game=orchard parses to an Orchard scenario")
                };
                let analysis = orchard::analyse(&s, &mut |_| {})?;
                let sweeps = if args.sweep {
                    Some((
                        orchard::sweep::sweep(
                            orchard::sweep::Range::FULL,
                            s.game.crows,
                            s.strategy,
                            s.game.basket,
                            &mut |_| {},
                        )?,
                        orchard::sweep::min_crows(orchard::sweep::Range::FULL, s.strategy, s.game.basket, &mut |_| {})?,
                    ))
                } else {
                    None
                };
                if args.json {
                    let mut json = serde_json::json!(analysis);
                    if let Some((table, least)) = &sweeps {
                        json["table"] = serde_json::json!(table.table);
                        json["min_crows"] = serde_json::json!(least.min_crows);
                        json["min_crows_searched_up_to"] = serde_json::json!(least.searched_up_to);
                    }
                    serde_json::to_writer(&mut *out, &json).map_err(io::Error::from)?;
                    writeln!(out)?;
                } else {
                    print_orchard(out, &analysis, sweeps.as_ref())?;
                }
            }
            Command::SubtractionArena(args) => {
                let misere = if args.misere { "yes" } else { "no" };
                let query = link_query(
                    "arena",
                    &[
                        ("kind", Some("subtraction")),
                        ("sticks", args.sticks.as_deref()),
                        ("take", args.take.as_deref()),
                        ("misere", Some(misere)),
                    ],
                );
                print_arena(out, &query, args.json)?;
            }
            Command::Chomp(args) => {
                let query = link_query(
                    "arena",
                    &[
                        ("kind", Some("chomp")),
                        ("rows", args.rows.as_deref()),
                        ("cols", args.cols.as_deref()),
                        ("board", args.board.as_deref()),
                    ],
                );
                print_arena(out, &query, args.json)?;
            }
            Command::Arena(args) => {
                let text = if args.edges == "-" {
                    io::read_to_string(io::stdin())?
                } else {
                    std::fs::read_to_string(&args.edges).map_err(|e| {
                        ludolab::Error::TooLarge(ludolab::Text::same(format!("cannot read {}: {e}", args.edges)))
                    })?
                };
                print_arena(
                    out,
                    &link_query("arena", &[("kind", Some("edges")), ("edges", Some(&text))]),
                    args.json,
                )?;
            }
            Command::Nim(args) => {
                let heaps = args.heaps.join(",");
                print_impartial(
                    out,
                    &link_query("impartial", &[("mode", Some("nim")), ("heaps", Some(&heaps))]),
                    args.json,
                )?;
            }
            Command::Octal(args) => {
                let q = link_query(
                    "impartial",
                    &[
                        ("mode", Some("octal")),
                        ("code", Some(&args.code)),
                        ("up_to", args.up_to.as_deref()),
                    ],
                );
                print_impartial(out, &q, args.json)?;
            }
            Command::Subtraction(args) => {
                let q = link_query(
                    "impartial",
                    &[
                        ("mode", Some("subtraction")),
                        ("set", Some(&args.set)),
                        ("up_to", args.up_to.as_deref()),
                    ],
                );
                print_impartial(out, &q, args.json)?;
            }
            Command::GraphGame(args) => {
                let q = link_query(
                    "impartial",
                    &[
                        ("mode", Some("graph")),
                        ("rule", Some(&args.game)),
                        ("edges", args.edges.as_deref()),
                        ("preset", args.preset.as_deref()),
                    ],
                );
                print_impartial(out, &q, args.json)?;
            }
            Command::Misere(args) => {
                let of = if args.nim.is_some() {
                    "nim"
                } else if args.code.is_some() || args.heaps.is_some() {
                    "octal"
                } else {
                    "graph"
                };
                let heaps = args.nim.as_deref().or(args.heaps.as_deref());
                let q = link_query(
                    "impartial",
                    &[
                        ("mode", Some("misere")),
                        ("of", Some(of)),
                        ("heaps", heaps),
                        ("code", args.code.as_deref()),
                        ("edges", args.edges.as_deref()),
                        ("preset", args.preset.as_deref()),
                    ],
                );
                print_impartial(out, &q, args.json)?;
            }
            Command::Solitaire(args) => {
                let q = link_query("impartial", &[("mode", Some("solitaire")), ("line", Some(&args.line))]);
                print_impartial(out, &q, args.json)?;
            }
            Command::Snakes(args) => {
                let Scenario::Snakes(s) = scenario::parse(&args.query())? else {
                    unreachable!("game=snakes parses to a Snakes scenario")
                };
                let analysis = snakes::analyse_scenario(&s, &mut |_| {})?;
                if args.json {
                    serde_json::to_writer(&mut *out, &snakes_json(&analysis, args.players.is_some()))
                        .map_err(io::Error::from)?;
                    writeln!(out)?;
                } else {
                    print_snakes(out, &s, &analysis)?;
                }
            }
        }
        Ok(())
    }

    /// The JSON of `ludolab snakes --json`: the share link's key names, P and E as
    /// rows (null where undefined), `players` only when asked for.
    fn snakes_json(a: &snakes::Analysis, with_players: bool) -> serde_json::Value {
        let rows = |m: &Matrix| -> Vec<Vec<Option<f64>>> {
            (0..m.rows())
                .map(|i| m.row(i).iter().map(|&v| v.is_finite().then_some(v)).collect())
                .collect()
        };
        let mut json = serde_json::json!({
            "n": a.n,
            "method": a.method,
            "terminates": a.termination.terminates,
            "trapped": a.termination.trapped,
            "unsure": a.termination.unsure,
            "ends_from_start": a.termination.ends_from_start,
            "p": rows(&a.p),
            "e": rows(&a.e),
            "terms": a.terms,
            "error_bound": a.error_bound,
            "one_player": {
                "expected_rolls": a.one_player.expected_rolls,
                "median": a.one_player.median,
                "min": a.one_player.min,
                "finish_probability": a.one_player.finish_probability,
                "distribution": a.one_player.distribution,
            },
            "surprises": a.surprises,
            "rules": a.rules.iter().map(|r| serde_json::json!({
                "rule": r.rule,
                "terminates": r.terminates,
                "p00": r.p00,
                "e00": r.e00,
                "expected_rolls": r.one_player.expected_rolls,
                "median": r.one_player.median,
            })).collect::<Vec<_>>(),
        });
        if with_players {
            json["players"] = serde_json::json!({
                "starts": a.race.starts,
                "win_probabilities": a.race.win_probabilities,
                "expected_length": a.race.expected_length,
                "never_ends": a.race.never_ends,
            });
        }
        if let (Some(p), Some(e)) = (&a.p_exact, &a.e_exact) {
            json["p_exact"] = serde_json::json!(p);
            json["e_exact"] = serde_json::json!(e);
        }
        json
    }

    fn print_snakes(out: &mut impl Write, s: &snakes::Scenario, a: &snakes::Analysis) -> io::Result<()> {
        let n = a.n;
        let name = s
            .preset()
            .map_or_else(|| "custom".to_string(), |p| format!("preset {p}"));
        writeln!(out, "Snakes and Ladders, {name} (n = {n}), method {}", a.method)?;
        let t = &a.termination;
        if t.terminates {
            writeln!(out, "Every game ends with probability 1 (A^k → 0).")?;
        } else {
            writeln!(out, "Trapped squares (the goal cannot be reached): {:?}", t.trapped)?;
            if !t.unsure.is_empty() {
                writeln!(out, "Squares from which a game may last forever: {:?}", t.unsure)?;
            }
            writeln!(
                out,
                "From square 0: one player never finishes with probability {:.6}; a two-player game lasts forever \
                 with probability {:.6}.",
                t.start_never_finishes, t.start_game_never_ends
            )?;
            if let Some(why) = &t.undefined {
                writeln!(out, "{why}")?;
            }
        }
        if a.terms > 0 {
            writeln!(
                out,
                "{} terms summed; truncation error at most {:.1e}.",
                a.terms, a.error_bound
            )?;
        }
        writeln!(out)?;
        let show = |v: f64, d: usize| {
            if v.is_finite() {
                format!("{v:.d$}")
            } else {
                "undefined".into()
            }
        };
        writeln!(
            out,
            "p[0][0] = {}  win probability of the first player, both on 0",
            show(a.p.get(0, 0), 10)
        )?;
        writeln!(
            out,
            "e[0][0] = {}  expected number of moves of a game from 0, 0",
            show(a.e.get(0, 0), 10)
        )?;
        if let (Some(p), Some(e)) = (&a.p_exact, &a.e_exact) {
            writeln!(
                out,
                "p[0][0] = {}, e[0][0] = {} exactly",
                p[0][0].as_deref().unwrap_or("undefined"),
                e[0][0].as_deref().unwrap_or("undefined")
            )?;
        }
        let o = &a.one_player;
        writeln!(
            out,
            "One player from 0: expected rolls {}, median {}, minimum {}.",
            o.expected_rolls.map_or("infinite".into(), |v| format!("{v:.4}")),
            o.median.map_or("none".into(), |v| v.to_string()),
            o.min.map_or("none".into(), |v| v.to_string()),
        )?;
        let r = &a.race;
        let wins: Vec<String> = r.win_probabilities.iter().map(|p| format!("{p:.6}")).collect();
        writeln!(
            out,
            "Race of {} players from {:?}: win probabilities {}; expected length {} moves.",
            r.starts.len(),
            r.starts,
            wins.join(", "),
            r.expected_length.map_or("infinite".into(), |v| format!("{v:.4}"))
        )?;
        writeln!(out)?;
        let picks = excerpt(n);
        print_excerpt(out, "P", "probability that the player to move wins", &a.p, &picks, 3)?;
        writeln!(out)?;
        print_excerpt(out, "E", "expected number of moves until someone wins", &a.e, &picks, 2)?;
        if !a.surprises.is_empty() {
            writeln!(out)?;
            writeln!(out, "Surprises (P against intuition by more than 0.05), largest first:")?;
            for sp in a.surprises.iter().take(8) {
                let (x, y) = match sp.kind {
                    "mover" => (
                        format!("p[{}][{}]", sp.from, sp.fixed),
                        format!("p[{}][{}]", sp.to, sp.fixed),
                    ),
                    _ => (
                        format!("p[{}][{}]", sp.fixed, sp.from),
                        format!("p[{}][{}]", sp.fixed, sp.to),
                    ),
                };
                writeln!(out, "  {x} = {:.3} but {y} = {:.3}", sp.before, sp.after)?;
            }
        }
        if !a.rules.is_empty() {
            writeln!(out)?;
            writeln!(
                out,
                "{:<10} {:>10} {:>10} {:>14} {:>7}",
                "rule", "p[0][0]", "e[0][0]", "one player", "median"
            )?;
            for row in &a.rules {
                writeln!(
                    out,
                    "{:<10} {:>10.6} {:>10} {:>14} {:>7}",
                    row.rule,
                    row.p00,
                    row.e00.map_or("infinite".into(), |v| format!("{v:.4}")),
                    row.one_player
                        .expected_rolls
                        .map_or("infinite".into(), |v| format!("{v:.4}")),
                    row.one_player.median.map_or("none".into(), |v| v.to_string())
                )?;
            }
        }
        Ok(())
    }

    fn print_impartial(out: &mut impl Write, query: &str, json: bool) -> Result<(), Failure> {
        let Scenario::Impartial(s) = scenario::parse(query)? else {
            unreachable!("game=impartial parses to an impartial scenario")
        };
        let a = impartial::analyse(&s, &mut |_| {})?;
        if json {
            serde_json::to_writer(&mut *out, &a).map_err(io::Error::from)?;
            writeln!(out)?;
            return Ok(());
        }
        if let Some(sum) = a.nim_sum {
            writeln!(out, "Nim {:?}", s.heaps)?;
            for (h, row) in s.heaps.iter().zip(&a.binary) {
                writeln!(out, "  {h:>6}  {row}")?;
            }
            writeln!(out, "  nim-sum {}  ({sum})", a.binary.last().map_or("", String::as_str))?;
            if sum == 0 {
                writeln!(out, "A P-position: the player to move loses.")?;
            } else {
                writeln!(out, "An N-position: {} winning moves", a.winning_moves.len())?;
                for m in &a.winning_moves {
                    writeln!(out, "  heap {} (0-based): {} → {}", m.heap, m.from, m.to)?;
                }
            }
        }
        if !a.values.is_empty() {
            writeln!(out, "Grundy values G(0..={}):", a.values.len() - 1)?;
            for (row, chunk) in a.values.chunks(20).take(10).enumerate() {
                let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>3}")).collect();
                writeln!(out, "{:>6} {}", row * 20, cells.join(""))?;
            }
            if a.values.len() > 200 {
                writeln!(out, "   … ({} values; --json prints them all)", a.values.len())?;
            }
            match &a.periodicity {
                Some(p) => writeln!(
                    out,
                    "Period {} from n₀ = {}, {} exceptions {:?}; {} (Guy–Smith with t = {}: needs n₀ ≤ n < {}, checked up to {})",
                    p.period,
                    p.preperiod,
                    p.exceptions.len(),
                    p.exceptions,
                    if p.proven { "proven" } else { "not proven yet" },
                    p.t,
                    p.needed_up_to,
                    p.checked_up_to
                )?,
                None => writeln!(out, "No period found up to {}", a.values.len() - 1)?,
            }
        }
        if let Some(g) = &a.graph {
            writeln!(
                out,
                "Graph: {} vertices, {} edges; value {}",
                g.vertices,
                g.edges.len(),
                a.grundy.unwrap_or(0)
            )?;
            for (vs, v) in &g.components {
                writeln!(out, "  component {vs:?}: value {v}")?;
            }
            writeln!(
                out,
                "Winning moves (remove the vertex and its neighbours): {:?}",
                g.winning_vertices
            )?;
        }
        if let Some(sum) = &a.sum {
            for c in &sum.components {
                writeln!(
                    out,
                    "{}: value {}{}",
                    c.text,
                    c.value,
                    c.winning_move
                        .as_ref()
                        .map_or(String::new(), |m| format!(" — winning move: {m}"))
                )?;
            }
            writeln!(out, "Total: {}", sum.total)?;
        }
        if let Some(l) = a.loses {
            writeln!(out, "Misère: the player to move {}", if l { "loses" } else { "wins" })?;
            for m in &a.misere_winning {
                writeln!(out, "  winning move: {m}")?;
            }
        }
        if let Some(sol) = &a.solitaire {
            writeln!(
                out,
                "Line {}: the player to move {}",
                sol.line,
                if sol.loses { "loses" } else { "wins" }
            )?;
            for j in &sol.winning_jumps {
                writeln!(out, "  winning jump: {} over {} into {}", j.from, j.over, j.to)?;
            }
        }
        Ok(())
    }

    fn print_arena(out: &mut impl Write, query: &str, json: bool) -> Result<(), Failure> {
        let Scenario::Arena(s) = scenario::parse(query)? else {
            unreachable!("game=arena parses to an arena scenario")
        };
        let a = arena::analyse(&s)?;
        if json {
            serde_json::to_writer(&mut *out, &a).map_err(io::Error::from)?;
            writeln!(out)?;
            return Ok(());
        }
        writeln!(out, "Arena ({}): {} vertices, {} moves", a.kind, a.vertices, a.edges)?;
        if let Some(note) = &a.note {
            writeln!(out, "{note}")?;
        } else {
            for p in 0..2 {
                writeln!(
                    out,
                    "Attractor of player {}: {} vertices, max rank {}; by rank: {:?}",
                    p + 1,
                    a.attractor_sizes[p],
                    a.max_rank[p],
                    a.layers[p]
                )?;
            }
            writeln!(out, "Draws or endless plays: {}", a.draws)?;
            let winner = a
                .winner
                .map_or("nobody (a draw)".to_string(), |w| format!("player {w}"));
            writeln!(out, "From the start {}: {winner} wins with best play", a.start_label)?;
        }
        if !a.winning_takes.is_empty() {
            writeln!(out, "Winning first moves: take {:?}", a.winning_takes)?;
        }
        if !a.winning_first_moves.is_empty() {
            let moves: Vec<String> = a
                .winning_first_moves
                .iter()
                .map(|[r, c]| format!("row {r}, column {c}"))
                .collect();
            writeln!(
                out,
                "Winning first moves (0-based from the poison): {}",
                moves.join("; ")
            )?;
        }
        if !a.winning_targets.is_empty() {
            writeln!(out, "Winning first moves: to {}", a.winning_targets.join(", "))?;
        }
        if let (Some(labels), Some(ranks)) = (&a.labels, &a.ranks) {
            if labels.len() <= 60 {
                writeln!(out, "\nvertex       rank for 1   rank for 2")?;
                for (v, l) in labels.iter().enumerate() {
                    let r = |p: usize| ranks[p][v].map_or("-".into(), |r| r.to_string());
                    writeln!(out, "{l:<12} {:>10}   {:>10}", r(0), r(1))?;
                }
            }
        }
        Ok(())
    }

    fn print_orchard(
        out: &mut impl Write,
        a: &orchard::Analysis,
        sweeps: Option<&(orchard::sweep::Sweep, orchard::sweep::MinCrows)>,
    ) -> io::Result<()> {
        let trees: Vec<String> = a.trees.iter().map(u8::to_string).collect();
        writeln!(
            out,
            "Orchard: {} trees ({} fruits), {} crows, a basket picks {}; strategy {} — position {}",
            a.trees.len(),
            trees.join(","),
            a.crows,
            a.basket,
            a.strategy,
            a.label
        )?;
        writeln!(out, "Win probability: {:.12}", a.win_probability)?;
        writeln!(out, "Expected rolls:  {:.6}", a.expected_rolls)?;
        writeln!(out, "\nStrategy   win probability   expected rolls")?;
        for v in &a.strategies {
            writeln!(
                out,
                "{:<9}  {:>15.12}   {:>14.6}",
                v.strategy, v.win_probability, v.expected_rolls
            )?;
        }
        writeln!(out, "\nWin probability by crows ({}):", a.strategy)?;
        for (c, p) in a.by_crows.iter().enumerate() {
            writeln!(out, "  {:>2} crows: {p:.12}", c + 1)?;
        }
        match (&a.by_turn, &a.by_turn_note) {
            (Some(b), _) => {
                let total: f64 = b.victory.iter().sum();
                writeln!(
                    out,
                    "\nBy roll: P(victory) = {total:.12} over {} rolls; expected rolls {:.6} (summed by roll)",
                    b.victory.len(),
                    b.expected_rolls
                )?;
            }
            (None, Some(why)) => writeln!(out, "\nBy roll: not computed: {why}")?,
            _ => {}
        }
        if let Some(c) = &a.chain {
            writeln!(
                out,
                "\nThe chain ({} states; victory exactly and by M^1000):",
                c.states.len()
            )?;
            for (k, st) in c.states.iter().enumerate() {
                let edges: Vec<String> = c
                    .edges
                    .iter()
                    .filter(|e| e.from == k)
                    .map(|e| format!("{} {}", c.labels[e.to], e.fraction))
                    .collect();
                writeln!(
                    out,
                    "  {:<8} → {:<50} P = {} = {:.12} (M^1000: {:.12})",
                    st.label,
                    edges.join(", "),
                    c.victory_exact[k],
                    c.victory[k],
                    c.victory_power[k]
                )?;
            }
            writeln!(out, "  max |exact − M^1000| = {:.1e}", c.max_difference)?;
        }
        if let Some(s) = &a.simulation {
            writeln!(
                out,
                "\nSimulated {} games (seed {}): {:.6} ± {:.6} (standard error); exact {:.6}; mean rolls {:.4}",
                s.games, s.seed, s.win_probability, s.standard_error, a.win_probability, s.mean_rolls
            )?;
        }
        if let Some(adv) = &a.advice {
            writeln!(
                out,
                "\nAdvisor, position {} (optimal play from here: {:.12}){}:",
                adv.label,
                adv.win_probability,
                if adv.basket_wins {
                    " — a basket wins at once"
                } else {
                    ""
                }
            )?;
            for p in &adv.picks {
                let take: Vec<String> = p.take.iter().map(u8::to_string).collect();
                writeln!(
                    out,
                    "  take {:<16} → {:<12} P = {:.12}",
                    take.join(","),
                    p.after_label,
                    p.win_probability
                )?;
            }
            for st in &adv.strategies {
                writeln!(
                    out,
                    "  {:<7} picks → P = {:.12} (loses {:.2e}); played throughout: {:.12}",
                    st.strategy, st.win_probability, st.loss, st.played_throughout
                )?;
            }
        }
        if let Some((table, least)) = sweeps {
            writeln!(
                out,
                "\nWin probability, {} crows (rows: trees 1..8, columns: fruits 1..20):",
                table.crows
            )?;
            for (t, row) in table.table.iter().enumerate() {
                let cells: Vec<String> = row.iter().map(|p| format!("{p:.3}")).collect();
                writeln!(out, "{:>2} {}", t + 1, cells.join(" "))?;
            }
            writeln!(
                out,
                "\nFewest crows for P > 1/2 (searched up to {}; '-' beyond):",
                least.searched_up_to
            )?;
            for (t, row) in least.min_crows.iter().enumerate() {
                let cells: Vec<String> = row
                    .iter()
                    .map(|c| c.map_or("-".into(), |c| format!("{c:>2}")))
                    .collect();
                writeln!(out, "{:>2} {}", t + 1, cells.join(" "))?;
            }
        }
        Ok(())
    }

    /// The JSON of `ludolab dice … --json`, with the share link's key names.
    fn dice_json(a: &dice::Analysis) -> serde_json::Value {
        let mut json = serde_json::json!({
            "mode": a.mode,
            "dice": a.dice,
            "target": a.target,
            "expected_points": a.scores.expected_points,
            "blind_choice": a.scores.blind_choice,
        });
        if let Some(seq) = &a.sequential {
            if a.mode == "sequential" || a.mode == "variant" {
                json["eg"] = serde_json::json!(seq.eg.to_rows());
                json["opt"] = serde_json::json!(seq.opt.chunks(seq.target).collect::<Vec<_>>());
                json["table"] = serde_json::json!(a.table);
                json["curves"] = serde_json::json!(a.curves);
                json["iterations"] = serde_json::json!(a.iterations);
            } else {
                json["expected_gain"] = serde_json::json!(a.table[0].expected_gain);
                json["win_probability"] = serde_json::json!(a.table[0].win_probability);
            }
        }
        if let Some(sim) = &a.simulation {
            json["simulation"] = serde_json::json!(sim);
        }
        if let Some(g) = &a.simultaneous {
            json["eg"] = serde_json::json!(g.eg.to_rows());
            json["strategy"] = serde_json::json!((0..g.target)
                .map(|i| (0..g.target).map(|j| g.mixed(i, j).to_vec()).collect::<Vec<_>>())
                .collect::<Vec<_>>());
            json["value"] = serde_json::json!(g.eg.get(0, 0));
            json["mixed_states"] = serde_json::json!(g.mixed_states);
            json["table"] = serde_json::json!(a
                .table
                .iter()
                .map(|c| serde_json::json!({"second": c.second, "expected_gain": c.expected_gain}))
                .collect::<Vec<_>>());
            json["antisymmetry"] = serde_json::json!(g.antisymmetry);
        }
        if let (Some(m), Some(g)) = (&a.matrix, &a.game) {
            json["matrix"] = serde_json::json!(m.to_rows());
            json["matrix_exact"] = serde_json::json!(a.matrix_exact);
            json["strategy"] = serde_json::json!(g.strategy);
            json["value"] = serde_json::json!(g.value);
            json["table_2"] = serde_json::json!(a.table_2);
            json["table_3"] = serde_json::json!(a
                .table_3
                .iter()
                .map(|c| serde_json::json!({"first": c.first, "second": c.second, "expected_gain": c.expected_gain}))
                .collect::<Vec<_>>());
        }
        json
    }

    fn print_dice(out: &mut impl Write, s: &dice::Scenario, a: &dice::Analysis) -> io::Result<()> {
        writeln!(
            out,
            "Dice Battle, {} mode: D = {} dice at most, target N = {}",
            a.mode, a.dice, a.target
        )?;
        let best = a.scores.blind_choice;
        writeln!(
            out,
            "Expected points EP(d) is largest at d* = {best}: EP = {:.4}",
            a.scores.expected_points[best - 1]
        )?;
        if let Some(seq) = &a.sequential {
            writeln!(
                out,
                "{}: EG(0,0) = {:.10}, OPT(0,0) = {} dice",
                if a.mode == "variant" {
                    "Variant where a 1 scores 0"
                } else {
                    "Sequential game"
                },
                seq.eg.get(0, 0),
                seq.opt(0, 0)
            )?;
            if let (Some(total), Some(most)) = (a.iterations, a.max_iterations) {
                writeln!(
                    out,
                    "Value iteration to 1e-12: {total} iterations over all state pairs, at most {most} for one pair"
                )?;
            }
        }
        if a.mode == "sequential" {
            writeln!(out)?;
            writeln!(out, "Expected gain of player 1 (moving first), exactly:")?;
            writeln!(
                out,
                "{:>10} {:>10} {:>10} {:>10}",
                "P1 \\ P2", "blind", "optimal", "random"
            )?;
            for row in a.table.chunks(3) {
                write!(out, "{:>10}", row[0].first)?;
                for c in row {
                    write!(out, " {:>10.5}", c.expected_gain)?;
                }
                writeln!(out)?;
            }
        } else if a.mode == "compare" {
            let c = &a.table[0];
            writeln!(
                out,
                "{} (first) against {}: player 1 wins with probability {:.10}, expected gain {:.10} (exact)",
                c.first, c.second, c.win_probability, c.expected_gain
            )?;
            if let Some(sim) = &a.simulation {
                writeln!(
                    out,
                    "Simulation of {} games (seed {}): expected gain {:.5} ± {:.5} (standard error)",
                    sim.games, sim.seed, sim.expected_gain, sim.standard_error
                )?;
            }
        }
        if let Some(g) = &a.simultaneous {
            writeln!(
                out,
                "Simultaneous game over many turns: EG1(0,0) = {:.10}",
                g.eg.get(0, 0)
            )?;
            writeln!(
                out,
                "{} of {} states need a mixed strategy (the others have a pure saddle point)",
                g.mixed_states,
                g.target * g.target
            )?;
            writeln!(out, "Antisymmetry: max |EG1(i,j) + EG1(j,i)| = {:.1e}", g.antisymmetry)?;
            writeln!(
                out,
                "Expected gain of the optimal simultaneous strategy (first) against:"
            )?;
            for c in &a.table {
                writeln!(out, "  {:<22} {:>10}", c.second, rounded(c.expected_gain, 6))?;
            }
            for (i, j) in [(0, 0), (0, g.target / 2)] {
                let mix: Vec<String> = g
                    .mixed(i, j)
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| **p > 1e-9)
                    .map(|(d, p)| format!("{} dice {:.4}", d + 1, p))
                    .collect();
                writeln!(
                    out,
                    "  EG1({i},{j}) = {}, play {}",
                    rounded(g.eg.get(i, j), 6),
                    mix.join(", ")
                )?;
            }
        }
        if let (Some(m), Some(g)) = (&a.matrix, &a.game) {
            writeln!(out, "One turn, both players choosing at once: value {:.10}", g.value)?;
            writeln!(out, "Optimal mixed strategy (probability of each number of dice):")?;
            for (d, p) in g.strategy.iter().enumerate().filter(|(_, p)| **p > 1e-12) {
                writeln!(out, "  {} dice: {p:.6}", d + 1)?;
            }
            let show = a.matrix_exact.is_some();
            writeln!(
                out,
                "EG1(d1, d2) (rows: player 1's dice){}:",
                if show { ", exactly" } else { "" }
            )?;
            for i in 0..m.rows() {
                let row: Vec<String> = (0..m.cols())
                    .map(|j| match &a.matrix_exact {
                        Some(x) => format!("{:>11}", x[i][j]),
                        None => format!("{:>8.4}", m.get(i, j)),
                    })
                    .collect();
                writeln!(out, "{:>3} {}", i + 1, row.join(" "))?;
            }
        }
        let _ = s;
        Ok(())
    }

    /// `v` with `decimals` decimals; a value that rounds to zero is written 0, not -0.
    fn rounded(v: f64, decimals: usize) -> String {
        let v = if v.abs() < 0.5 * 10f64.powi(-(decimals as i32)) {
            0.0
        } else {
            v
        };
        format!("{v:.decimals$}")
    }

    /// The rows and columns of the seed's Figures 3–4: the first four, four in the
    /// middle and the last four (all of them on a small board).
    fn excerpt(n: usize) -> Vec<usize> {
        if n <= 12 {
            return (0..n).collect();
        }
        let mid = n / 2;
        [0, 1, 2, 3, mid, mid + 1, mid + 2, mid + 3, n - 4, n - 3, n - 2, n - 1].to_vec()
    }

    fn print_excerpt(
        out: &mut impl Write,
        name: &str,
        meaning: &str,
        m: &Matrix,
        picks: &[usize],
        decimals: usize,
    ) -> io::Result<()> {
        writeln!(
            out,
            "{name}: {meaning} (rows: square of the player to move; columns: square of the opponent)"
        )?;
        write!(out, "{:>5}", "")?;
        for &j in picks {
            write!(out, " {j:>7}")?;
        }
        writeln!(out)?;
        for &i in picks {
            write!(out, "{i:>5}")?;
            for &j in picks {
                let v = m.get(i, j);
                if v.is_finite() {
                    write!(out, " {:>7.*}", decimals, v)?;
                } else {
                    write!(out, " {:>7}", "—")?;
                }
            }
            writeln!(out)?;
        }
        Ok(())
    }
}
