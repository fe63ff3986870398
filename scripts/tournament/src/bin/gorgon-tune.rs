//! `gorgon-tune`: SPSA tuning of an engine's UCI spin options with
//! gorgon-match's games (docs/SPSA.md). The tuner's own options come
//! first; after `--` come gorgon-match's options for the games (the engine
//! as `-each cmd=... tc=...`, `-variant`, `-openings`, `-concurrency`,
//! ...), and the tuner adds the two engines, θ+ and θ-, itself.
//!
//! One process is a worker: it plays iterations until the run's are all
//! handed out, sharing the state file with any other worker (a Slurm job
//! array: scripts/slurm-spsa.sh).
#![forbid(unsafe_code)]

use clap::Parser;
use gorgon_tournament::cli::{parse_args, Command};
use gorgon_tournament::spsa::{parse_params, run_worker, Plan, State, Store};
use gorgon_tournament::stats::Wdl;
use gorgon_tournament::tournament::{run_match, MatchConfig, OpeningSource};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gorgon-tune",
    version,
    about = "SPSA tuning of an engine's UCI options with gorgon-match's games",
    after_help = "After `--`: gorgon-match's options for the games, with the engine as \
                  `-each cmd=PATH tc=...` (no -engine: the tuner adds θ+ and θ-). \
                  Openings default to the variant's suite.\n\n\
                  Example: gorgon-tune --state pom.json --games 20000 --pairs 4 -- \
                  -each cmd=target/release/gorgon tc=4+0.04 -variant pom -concurrency 2"
)]
struct Args {
    /// The run's state (JSON), created on the first call and resumed
    /// after; FILE.csv gets θ after every iteration, FILE.lock is the lock.
    #[arg(long, value_name = "FILE")]
    state: PathBuf,
    /// Parameter lines (`name, int, value, min, max, c_end, r_end`), `-`
    /// for standard input. Default: the engine's own (`CMD --variant V
    /// spsa-params`). Only read when the state is new.
    #[arg(long, value_name = "FILE")]
    params: Option<String>,
    /// Tune only these parameters (comma-separated names).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    only: Vec<String>,
    /// Total games of the run (new state): iterations = games / (2·pairs).
    #[arg(long)]
    games: Option<u64>,
    /// Game pairs per iteration (new state).
    #[arg(long, default_value_t = 4)]
    pairs: u64,
    /// The run's seed: the perturbations' signs, the rounding and the
    /// matches' seeds (new state).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// This worker stops after so many iterations (default: when all are handed out).
    #[arg(long)]
    steps: Option<u64>,
    /// Print the tuned values of the state and exit (no games).
    #[arg(long)]
    show: bool,
    /// gorgon-match's options for the games.
    #[arg(last = true, allow_hyphen_values = true)]
    games_args: Vec<String>,
}

/// The match template from gorgon-match's options, with the two engines
/// the tuner plays added (`theta+` first, scored from its side).
fn match_template(words: &[String]) -> Result<MatchConfig, String> {
    if words.iter().any(|w| w.trim_start_matches('-') == "engine") {
        return Err("give the engine as -each cmd=... (the tuner adds θ+ and θ- itself), not -engine".into());
    }
    let mut words = words.to_vec();
    words.extend(["-engine", "name=theta+", "-engine", "name=theta-"].map(String::from));
    let mut config = match parse_args(&words)? {
        Command::Run(c) => c,
        _ => return Err("after --: the options of a gorgon-match match".into()),
    };
    if config.sprt.is_some() || config.shard != protocol::Shard::WHOLE {
        return Err("no -sprt or -shard in a tune: the tuner decides the games".into());
    }
    // Strength tests use the suite (docs/MATCH.md): so does the tuner,
    // unless told otherwise.
    if config.openings == OpeningSource::Start {
        config.openings = OpeningSource::Suite {
            name: None,
            shuffle: false,
            start: 0,
        };
    }
    config.quiet = true;
    // Every iteration's games go into one PGN file.
    if config.pgn_out.is_some() {
        config.pgn_append = true;
    }
    Ok(*config)
}

/// The engine's own parameter lines: `CMD --variant V spsa-params`.
fn engine_params(config: &MatchConfig) -> Result<String, String> {
    let cmd = &config.engines[0].cmd;
    let out = std::process::Command::new(cmd)
        .args(["--variant", config.variant.name(), "spsa-params"])
        .output()
        .map_err(|e| format!("cannot run {cmd}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd} --variant {} spsa-params failed: {}",
            config.variant.name(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8(out.stdout).map_err(|_| format!("{cmd} spsa-params: not UTF-8"))
}

/// The games of one iteration: θ+ and θ- as engine options, `pairs`
/// openings (both colours each) from the block after the previous
/// iteration's, the iteration's seed.
fn play(template: &MatchConfig, names: &[String], p: &Plan) -> Result<Wdl, String> {
    let mut config = template.clone();
    for (engine, values) in config.engines.iter_mut().zip([&p.plus, &p.minus]) {
        for (name, v) in names.iter().zip(values) {
            engine.options.retain(|(n, _)| n != name);
            // Integers are played as integers (the plan rounded them).
            let text = if v.fract() == 0.0 {
                format!("{}", *v as i64)
            } else {
                format!("{v}")
            };
            engine.options.push((name.clone(), text));
        }
    }
    config.games = 2 * p.pairs as u32;
    config.seed = p.seed;
    let offset = ((p.k - 1) * p.pairs) as usize;
    match &mut config.openings {
        OpeningSource::File { start, .. } | OpeningSource::Suite { start, .. } => *start += offset,
        OpeningSource::Start | OpeningSource::Random { .. } => {}
    }
    let report = run_match(&config, &mut std::io::sink())?;
    let faults: u32 = report.faults.iter().map(|f| f.total()).sum();
    if faults > 0 {
        eprintln!(
            "gorgon-tune: iteration {}: {faults} game(s) lost by a fault (time, illegal move, crash)",
            p.k
        );
    }
    report
        .encounters
        .first()
        .map(|e| e.wdl)
        .ok_or_else(|| "the match reported no games".to_string())
}

fn run(args: &Args) -> Result<(), String> {
    let store = Store::new(&args.state);
    if args.show {
        let lock = store.lock()?;
        let state = store.read(&lock)?.ok_or_else(|| format!("{}: no state", args.state.display()))?;
        print_result(&state);
        return Ok(());
    }
    let template = match_template(&args.games_args)?;
    let state = store.create_or_resume(|| {
        let text = match args.params.as_deref() {
            Some("-") => std::io::read_to_string(std::io::stdin()).map_err(|e| format!("standard input: {e}"))?,
            Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
            None => engine_params(&template)?,
        };
        let mut params = parse_params(&text)?;
        if !args.only.is_empty() {
            if let Some(missing) = args.only.iter().find(|n| !params.iter().any(|p| &p.name == *n)) {
                return Err(format!("--only {missing}: no such parameter"));
            }
            params.retain(|p| args.only.contains(&p.name));
        }
        let games = args.games.ok_or("--games N is needed to start a run")?;
        State::new(params, games, args.pairs, args.seed)
    })?;
    eprintln!(
        "gorgon-tune: {} parameters, iteration {} of {}, {} games of {} pairs each",
        state.params.len(),
        state.done,
        state.iterations,
        2 * state.pairs * state.iterations,
        state.pairs
    );
    let names: Vec<String> = state.params.iter().map(|p| p.name.clone()).collect();
    let summary = run_worker(
        &store,
        args.steps,
        |p| play(&template, &names, p),
        |s, p, w| {
            let theta: Vec<String> = s.params.iter().map(|q| format!("{}={:.2}", q.name, q.value)).collect();
            eprintln!(
                "iteration {}/{}: +{} ={} -{} (applied {}, {} games) {}",
                p.k,
                s.iterations,
                w.wins,
                w.draws,
                w.losses,
                s.done,
                s.games,
                theta.join(" ")
            );
        },
    )?;
    eprintln!(
        "gorgon-tune: this worker played {} iterations, {} games",
        summary.iterations, summary.games
    );
    let lock = store.lock()?;
    if let Some(state) = store.read(&lock)? {
        print_result(&state);
    }
    Ok(())
}

/// The tuned values: parameter lines, then the options for an SPRT.
fn print_result(state: &State) {
    println!(
        "# {} of {} iterations applied, {} games (+{} ={} -{} for θ+)",
        state.done, state.iterations, state.games, state.wins, state.draws, state.losses
    );
    print!("{}", state.param_lines());
    println!("# gorgon-match options: {}", state.match_options());
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gorgon-tune: {e}");
            ExitCode::FAILURE
        }
    }
}
