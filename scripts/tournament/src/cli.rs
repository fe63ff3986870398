//! The command line, in the spirit of cutechess-cli: options, some followed
//! by groups of `key=value` words (docs/MATCH.md lists them all).
//!
//! ```text
//! gorgon-match --variant pom \
//!     --engine cmd=target/release/gorgon name=A option.Threads=1 \
//!     --engine cmd=target/release/gorgon name=B \
//!     --each tc=10+0.1 option.Hash=64 --games 20 --concurrency 2 \
//!     --openings file=book.txt order=random --pgnout out.pgn --seed 1 \
//!     --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
//! ```
//!
//! clap does the parsing (`command`); `normalise` first rewrites the words
//! into the form clap reads, because the cutechess-cli style has two things
//! clap has not: long options with one dash (`-engine`; clap reads `-e` as
//! a short flag, `-engine` as `-e ngine`), and option values that may start
//! with a dash (`--event -x-`), which clap would take for an option. The
//! `key=value` groups are then checked here, key by key, since what a key
//! means depends on the group (and `--each` merges into every `--engine`).

use crate::cecp::dialect::check_limits;
use crate::config::{EngineConfig, Protocol};
use crate::game::{DrawRule, ResignRule};
use crate::ratings::RatingOptions;
use crate::results::StatsConfig;
use crate::schedule::TournamentKind;
use crate::stats::{Sprt, SprtModel};
use crate::tournament::{unique_names, MatchConfig, OpeningSource};
use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches};
use protocol::Shard;
use rules::Variant;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The usage text, printed by `--help`.
pub const USAGE: &str = "\
gorgon-match: engine-vs-engine games of Pillars of Medusa and Mini-POM

Usage: gorgon-match [options] --engine KEY=VALUE... --engine KEY=VALUE... [--engine ...]
       gorgon-match --stats FILE.pgn... [--first NAME] [--anchor NAME] [--anchor-rating R] [--cfs-matrix FILE] [--sprt ...] [--time-use]

Engines (two for a match, more for a tournament):
  --engine KEY=VALUE...   cmd=PATH (required), name=NAME, arg=ARG (repeatable),
                          dir=DIR, option.NAME=VALUE (setoption), and the
                          time-control keys below
                          proto=uci|xboard (default uci; xboard is CECP 2),
                          ponder (think on the opponent's time)
  --each KEY=VALUE...     keys applied to every engine (an engine's own win)
Time-control keys:
  tc=[MOVES/]SECONDS[+INC]  e.g. tc=40/60+0.6, tc=10+0.1, tc=1:30+1
  st=SECONDS              fixed time per move (go movetime)
  nodes=N, depth=D        search limits sent with go
  timemargin=MS           lateness allowed before a time forfeit (default 0)
Match:
  --variant pom|minipom   (default pom)
  --tournament round-robin|gauntlet
                          every engine against every other (default), or the
                          first engine (first --seeds N) against the others
  --seeds N               the gauntlet's engines playing the rest (default 1)
  --games N               games per pairing and round (default 2; pairs share
                          an opening)
  --rounds N              times every pairing is played (default 1; with two
                          engines it multiplies --games)
  --concurrency N         games played at once (default 1)
  --openings file=PATH [order=sequential|random] [start=N]
  --openings suite[=NAME] [order=sequential|random] [start=N]
                          the variant's newest committed opening suite (pom-1,
                          minipom-2; embedded): balanced searched lines, the
                          openings of strength tests
  --openings plies=N      random balanced openings of N plies
  --seed N                seed for random openings and order, the order and
                          colours of a tournament's pairings and the rating
                          errors (default 1)
  --shard I/N             play shard I of N (0-based): a block of the opening
                          pairs, with the openings and game numbers of the
                          whole match (docs/SHARDING.md); no --sprt
  --pgnout FILE [append]  write the games (overwrites unless 'append')
  --events FILE [append]  write the event log a live view reads, JSON lines
                          (gorgon serve --tournament FILE; docs/MATCH.md)
  --sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=logistic|normalized]
  --resign movecount=N score=CP [twosided=true]
  --draw movenumber=N movecount=N score=CP
  --maxmoves N            draw after N moves
  --event TEXT, --site TEXT   PGN tags
  --sync-timeout SECONDS  wait for uciok/readyok, CECP features/pong (default 10)
  --move-timeout SECONDS  wait for a move without clock or st= (default 60)
  --stop-grace MS         after the deadline, wait this long after 'stop' (default 1000)
  --debug                 log the engine traffic to stderr
  --ratinginterval N      the rating table every N games (default 0: at the end)
  --anchor NAME           the engine rated 0 in the rating table (default: the
                          pool average is 0)
  --anchor-rating R       the anchor's rating (or the pool average's) instead
                          of 0, as Ordo's -a
  --cfs-matrix FILE       write the confidence of every engine over every
                          other (percent, the table's order) to FILE as CSV
                          at the end, as Ordo's -C
  --quiet                 only the final summary
  --help, --version
Statistics of games played before (no engine runs):
  --stats FILE.pgn...     the summary of the games of these files (e.g. the
                          shards of a match or tournament), any number of
                          engines of one variant, pairs by Round
  --first NAME            the engine whose score is reported (default: White
                          of the first game)
  --anchor NAME           the engine rated 0 (default: the pool average)
  --anchor-rating R       the anchor's rating instead of 0 (Ordo's -a)
  --cfs-matrix FILE       the CFS matrix as CSV (Ordo's -C)
  --sprt ...              the LLR and decision for these bounds (two engines)
  --time-use              also where each engine spent its clock: time per
                          move, share of the clock, clock left and depth by
                          full-move number, from the moves' comments
";

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    /// Play the match (or round robin) so configured.
    Run(Box<MatchConfig>),
    /// Sum up PGN files (`--stats`).
    Stats(StatsConfig),
    /// Print [`USAGE`].
    Help,
    /// Print the version.
    Version,
}

/// One word of a group: `key=value`, or a bare word as a key with an empty
/// value (`twosided`).
type KeyValue = (String, String);

/// The options as clap sees them (after [`normalise`]). The builder API,
/// not the derive: a group option that may be repeated (`--engine`) needs
/// its occurrences kept apart, which the derive gives only with clap's
/// unstable features. No defaults here: they live in [`MatchConfig::new`]
/// and `Timing::default`, not twice.
fn command() -> clap::Command {
    // A `key=value` group, checked key by key in `match_config`. Negative
    // numbers are words of the group (`-5` gets "unknown key '-5'"), not
    // options.
    let group = |name: &'static str| {
        Arg::new(name)
            .long(name)
            .value_name("KEY=VALUE")
            .num_args(1..)
            .action(ArgAction::Append)
            .allow_negative_numbers(true)
            .value_parser(key_value)
    };
    // An option with one word; `normalise` glues the word on.
    let one = |name: &'static str, value_name: &'static str| Arg::new(name).long(name).value_name(value_name).action(ArgAction::Set);
    let flag = |name: &'static str| Arg::new(name).long(name).action(ArgAction::SetTrue);
    clap::Command::new("gorgon-match")
        .version(env!("CARGO_PKG_VERSION"))
        // The help is the hand-written USAGE: the cutechess-style groups do
        // not fit clap's generated help.
        .override_help(USAGE)
        // `--games 2 ... --games 4` means 4, as before clap.
        .args_override_self(true)
        // Errors are reduced to plain lines (see `clap_message`).
        .color(clap::ColorChoice::Never)
        .args([
            group("engine"),
            // An empty `--each` was accepted before clap, so it still is.
            group("each").num_args(0..),
            one("variant", "pom|minipom").value_parser(variant),
            one("tournament", "round-robin|gauntlet"),
            one("seeds", "N").value_parser(clap::value_parser!(usize)),
            one("games", "N").value_parser(clap::value_parser!(u32)),
            one("rounds", "N").value_parser(clap::value_parser!(u32)),
            one("ratinginterval", "N").value_parser(clap::value_parser!(u32)),
            one("anchor", "NAME"),
            one("anchor-rating", "R").value_parser(clap::value_parser!(f64)),
            one("cfs-matrix", "FILE").value_parser(clap::value_parser!(PathBuf)),
            one("concurrency", "N").value_parser(clap::value_parser!(usize)),
            group("openings"),
            one("seed", "N").value_parser(clap::value_parser!(u64)),
            one("shard", "I/N").value_parser(clap::value_parser!(Shard)),
            Arg::new("stats")
                .long("stats")
                .value_name("FILE")
                .num_args(1..)
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(PathBuf)),
            one("first", "NAME"),
            // FILE, then `append` or nothing: `normalise` passes two words
            // only when the second is there, so that clap, which lets FILE
            // start with a dash, does not take the next option for it.
            Arg::new("pgnout")
                .long("pgnout")
                .value_names(["FILE", "append"])
                .num_args(1..=2)
                .allow_hyphen_values(true)
                .action(ArgAction::Append),
            // The event log, `--events FILE [append]`, read as `--pgnout`.
            Arg::new("events")
                .long("events")
                .value_names(["FILE", "append"])
                .num_args(1..=2)
                .allow_hyphen_values(true)
                .action(ArgAction::Append),
            group("sprt"),
            group("resign"),
            group("draw"),
            one("maxmoves", "N").value_parser(clap::value_parser!(u32)),
            one("event", "TEXT"),
            one("site", "TEXT"),
            one("sync-timeout", "SECONDS").value_parser(seconds),
            one("move-timeout", "SECONDS").value_parser(seconds),
            one("stop-grace", "MS").value_parser(clap::value_parser!(u64)),
            flag("debug"),
            flag("quiet"),
            flag("time-use"),
        ])
}

/// The clap value parser of group words.
fn key_value(word: &str) -> Result<KeyValue, String> {
    Ok(match word.split_once('=') {
        Some((k, v)) => (k.to_string(), v.to_string()),
        None => (word.to_string(), String::new()),
    })
}

/// The clap value parser of `--variant`.
fn variant(name: &str) -> Result<Variant, String> {
    Variant::from_name(name).ok_or_else(|| format!("unknown variant '{name}' (pom, minipom)"))
}

/// The clap value parser of timeouts in seconds.
fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text.parse().map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !s.is_finite() || s < 0.0 {
        return Err(format!("'{text}' is not a time"));
    }
    Ok(Duration::from_secs_f64(s))
}

/// True for an option word (`--games`, `-games`), not a negative number,
/// a `key=value` word or a lone `-`.
fn is_flag(word: &str) -> bool {
    let name = word.trim_start_matches('-');
    word.starts_with('-') && name.len() < word.len() && name.starts_with(|c: char| c.is_ascii_alphabetic()) && !word.contains('=')
}

/// Rewrites the words after the program name into what clap reads, with
/// the program name in front:
///
/// - An option word with any number of dashes becomes `--name`, or `-c` for
///   a one-letter name (`-h`, `--V`): cutechess-cli users write `-engine`,
///   which clap would read as the short flag `-e` with the value `ngine`.
/// - The value of an option that takes one word is glued on (`--event=-x`),
///   so that it is taken whatever it looks like, as it was before clap
///   (`--event -x`, `--seed -1`); clap reads a detached word starting with a
///   dash as the next option.
/// - `--pgnout FILE`: glued on likewise; `--pgnout FILE append` is passed
///   as three words (clap's `--pgnout` allows a leading dash and stops after
///   its two values).
///
/// Group words are left alone: a group ends at the next option word, which
/// clap sees too. Unknown options are passed on for clap to report.
fn normalise(cmd: &clap::Command, args: &[String]) -> Vec<String> {
    let mut out = vec![cmd.get_name().to_string()];
    let mut i = 0;
    while i < args.len() {
        let word = &args[i];
        i += 1;
        if !is_flag(word) {
            out.push(word.clone());
            continue;
        }
        let name = word.trim_start_matches('-');
        if name.chars().count() == 1 {
            out.push(format!("-{name}"));
            continue;
        }
        let Some(arg) = cmd.get_arguments().find(|a| a.get_long() == Some(name)) else {
            out.push(format!("--{name}"));
            continue;
        };
        let range = arg.get_num_args().unwrap_or_default();
        match (range.min_values(), range.max_values(), args.get(i)) {
            (1, 1, Some(value)) => {
                out.push(format!("--{name}={value}"));
                i += 1;
            }
            // Only `--pgnout FILE [append]` and `--events FILE [append]`
            // take one or two words.
            (1, 2, Some(file)) if args.get(i + 1).is_some_and(|w| w == "append") => {
                out.extend([format!("--{name}"), file.clone(), "append".to_string()]);
                i += 2;
            }
            (1, 2, Some(file)) => {
                out.push(format!("--{name}={file}"));
                i += 1;
            }
            _ => out.push(format!("--{name}")),
        }
    }
    out
}

/// A clap error as the runner reports errors: the message without the
/// `error:` prefix, clap's usage lines and its pointer to `--help` (the
/// runner adds its own), with its tips (`a similar argument exists:
/// '--games'`).
fn clap_message(e: &clap::Error) -> String {
    let text = e.to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("bad command line");
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    for tip in lines.take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information")) {
        message.push_str("; ");
        message.push_str(tip);
    }
    message
}

/// Parses the arguments after the program name. An error names the bad
/// argument, for the user.
pub fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut cmd = command();
    // Settles the number of values of every argument for `normalise`.
    cmd.build();
    let argv = normalise(&cmd, args);
    match cmd.try_get_matches_from(argv) {
        Ok(m) if m.contains_id("stats") => stats_config(&m).map(Command::Stats),
        Ok(m) => match_config(&m).map(|c| Command::Run(Box::new(c))),
        Err(e) if e.kind() == ErrorKind::DisplayHelp => Ok(Command::Help),
        Err(e) if e.kind() == ErrorKind::DisplayVersion => Ok(Command::Version),
        Err(e) => Err(clap_message(&e)),
    }
}

/// The words of each occurrence of a group option, in order.
fn occurrences(m: &ArgMatches, id: &str) -> Vec<Vec<KeyValue>> {
    m.get_occurrences::<KeyValue>(id)
        .map(|o| o.map(|group| group.cloned().collect()).collect())
        .unwrap_or_default()
}

/// `--stats FILE...` with `--first` and `--sprt`; any option of a match
/// to play is refused, since no game is played.
fn stats_config(m: &ArgMatches) -> Result<StatsConfig, String> {
    let given: Vec<&str> = m
        .ids()
        .map(|id| id.as_str())
        .filter(|id| {
            !["stats", "first", "sprt", "anchor", "anchor-rating", "cfs-matrix", "time-use"].contains(id)
                && m.value_source(id) == Some(ValueSource::CommandLine)
        })
        .collect();
    if let Some(other) = given.first() {
        return Err(format!(
            "--stats reads games played before and plays none: --{other} does not go with it (only --first, --anchor, --anchor-rating, --cfs-matrix, --sprt and --time-use do)"
        ));
    }
    let mut sprt = None;
    for group in occurrences(m, "sprt") {
        sprt = Some(parse_sprt(&group)?);
    }
    Ok(StatsConfig {
        files: m.get_many::<PathBuf>("stats").into_iter().flatten().cloned().collect(),
        sprt,
        first: m.get_one::<String>("first").cloned(),
        ratings: RatingOptions {
            anchor: m.get_one::<String>("anchor").cloned(),
            anchor_rating: m.get_one::<f64>("anchor-rating").copied().unwrap_or(0.0),
            cfs_matrix: m.get_one::<PathBuf>("cfs-matrix").cloned(),
            ..RatingOptions::default()
        },
        time_use: m.get_flag("time-use"),
    })
}

/// The match that the parsed options ask for.
fn match_config(m: &ArgMatches) -> Result<MatchConfig, String> {
    if m.contains_id("first") {
        return Err("--first NAME goes with --stats FILE...".into());
    }
    if m.get_flag("time-use") {
        return Err("--time-use goes with --stats FILE...".into());
    }
    let variant = m.get_one::<Variant>("variant").copied().unwrap_or(Variant::Pom);
    let mut config = MatchConfig::new(variant, Vec::new());
    if let Some(&games) = m.get_one::<u32>("games") {
        config.games = games;
    }
    if let Some(&rounds) = m.get_one::<u32>("rounds") {
        if rounds == 0 {
            return Err("--rounds must be at least 1".into());
        }
        config.rounds = rounds;
    }
    let seeds = m.get_one::<usize>("seeds").copied();
    if let Some(name) = m.get_one::<String>("tournament") {
        config.kind =
            TournamentKind::from_name(name, seeds.unwrap_or(1)).ok_or_else(|| format!("--tournament {name}: round-robin or gauntlet"))?;
    }
    if seeds.is_some() && config.kind == TournamentKind::RoundRobin {
        return Err("--seeds N goes with --tournament gauntlet".into());
    }
    if let Some(&interval) = m.get_one::<u32>("ratinginterval") {
        config.rating_interval = interval;
    }
    config.ratings.anchor = m.get_one::<String>("anchor").cloned();
    config.ratings.anchor_rating = m.get_one::<f64>("anchor-rating").copied().unwrap_or(0.0);
    config.ratings.cfs_matrix = m.get_one::<PathBuf>("cfs-matrix").cloned();
    if let Some(&concurrency) = m.get_one::<usize>("concurrency") {
        config.concurrency = concurrency;
    }
    if let Some(&seed) = m.get_one::<u64>("seed") {
        config.seed = seed;
        // The rating errors repeat with the tournament.
        config.ratings.seed = seed;
    }
    if let Some(&shard) = m.get_one::<Shard>("shard") {
        config.shard = shard;
    }
    // A repeated group option: every occurrence must be valid, the last
    // one counts (as before clap).
    for group in occurrences(m, "openings") {
        config.openings = parse_openings(&group)?;
    }
    // A suite of another variant, or none of that name, is a bad command line.
    if let Some(suite) = config.openings.suite(variant) {
        suite?;
    }
    for (option, out, append) in [
        ("pgnout", &mut config.pgn_out, &mut config.pgn_append),
        ("events", &mut config.events_out, &mut config.events_append),
    ] {
        for words in m.get_occurrences::<String>(option).into_iter().flatten() {
            let words: Vec<&String> = words.collect();
            *out = words.first().map(PathBuf::from);
            match words.get(1).map(|w| w.as_str()) {
                Some("append") => *append = true,
                Some(other) => return Err(format!("--{option}: '{other}' after the file name (only 'append' may follow)")),
                None => {}
            }
        }
    }
    for group in occurrences(m, "sprt") {
        config.sprt = Some(parse_sprt(&group)?);
    }
    for group in occurrences(m, "resign") {
        config.adjudication.resign = Some(parse_resign(&group)?);
    }
    for group in occurrences(m, "draw") {
        config.adjudication.draw = Some(parse_draw(&group)?);
    }
    if let Some(&n) = m.get_one::<u32>("maxmoves") {
        config.adjudication.maxmoves = Some(n);
    }
    if let Some(event) = m.get_one::<String>("event") {
        config.event.clone_from(event);
    }
    if let Some(site) = m.get_one::<String>("site") {
        config.site.clone_from(site);
    }
    if let Some(&sync) = m.get_one::<Duration>("sync-timeout") {
        config.timing.sync = sync;
    }
    if let Some(&untimed) = m.get_one::<Duration>("move-timeout") {
        config.timing.untimed_move = untimed;
    }
    if let Some(&ms) = m.get_one::<u64>("stop-grace") {
        config.timing.stop_grace = Duration::from_millis(ms);
    }
    config.debug = m.get_flag("debug");
    config.quiet = m.get_flag("quiet");

    let engines = occurrences(m, "engine");
    if engines.len() < 2 {
        return Err("give at least two engines with --engine cmd=...".into());
    }
    let each: Vec<KeyValue> = occurrences(m, "each").concat();
    for group in &engines {
        let mut merged = each.clone();
        merged.extend(group.iter().cloned());
        config.engines.push(parse_engine(&merged)?);
    }
    name_engines(&mut config.engines);
    if config.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    Ok(config)
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what}: '{text}' is not a valid number"))
}

/// One engine from its (merged) keys; later keys override earlier ones.
fn parse_engine(group: &[(String, String)]) -> Result<EngineConfig, String> {
    let mut e = EngineConfig::default();
    for (k, v) in group {
        if e.limits.set(k, v)? {
            continue;
        }
        match k.as_str() {
            "cmd" => e.cmd = v.clone(),
            "name" => e.name = v.clone(),
            "arg" => e.args.push(v.clone()),
            "dir" => e.dir = Some(PathBuf::from(v)),
            "proto" => e.protocol = Protocol::from_name(v).ok_or_else(|| format!("proto={v}: uci or xboard"))?,
            // A bare `ponder` switches it on, as in cutechess-cli.
            "ponder" => {
                e.ponder = match v.as_str() {
                    "" | "true" => true,
                    "false" => false,
                    _ => return Err(format!("ponder={v}: true or false")),
                }
            }
            k if k.starts_with("option.") => {
                let name = &k["option.".len()..];
                e.options.retain(|(n, _)| n != name);
                e.options.push((name.to_string(), v.clone()));
            }
            _ => return Err(format!("unknown engine key '{k}'")),
        }
    }
    if e.cmd.is_empty() {
        return Err("an engine needs cmd=PATH".into());
    }
    if e.protocol == Protocol::Xboard {
        check_limits(&e.limits)?;
    }
    // A relative path with a directory part is taken from the runner's
    // working directory, whatever dir= says.
    let p = Path::new(&e.cmd);
    if p.is_relative() && p.components().count() > 1 && p.exists() {
        if let Ok(abs) = p.canonicalize() {
            e.cmd = abs.to_string_lossy().into_owned();
        }
    }
    Ok(e)
}

/// Names engines without one after their command (a CECP engine's
/// `myname` replaces that when the match starts), and makes names unique.
fn name_engines(engines: &mut [EngineConfig]) {
    for e in engines.iter_mut() {
        if e.name.is_empty() {
            e.auto_name = true;
            e.name = Path::new(&e.cmd)
                .file_stem()
                .map_or_else(|| e.cmd.clone(), |s| s.to_string_lossy().into_owned());
        }
    }
    unique_names(engines);
}

fn parse_openings(group: &[(String, String)]) -> Result<OpeningSource, String> {
    let mut path = None;
    let mut suite = None;
    let mut plies = None;
    let mut shuffle = false;
    let mut start = 0;
    for (k, v) in group {
        match k.as_str() {
            "file" => path = Some(PathBuf::from(v)),
            // A bare `suite` is the variant's newest.
            "suite" => suite = Some((!v.is_empty()).then(|| v.clone())),
            "plies" => plies = Some(number(v, "--openings plies")?),
            "order" => {
                shuffle = match v.as_str() {
                    "random" => true,
                    "sequential" => false,
                    _ => return Err(format!("--openings order={v}: sequential or random")),
                }
            }
            "start" => {
                let s: usize = number(v, "--openings start")?;
                start = s.saturating_sub(1);
            }
            _ => return Err(format!("--openings: unknown key '{k}'")),
        }
    }
    match (path, suite, plies) {
        (Some(path), None, None) => Ok(OpeningSource::File { path, shuffle, start }),
        (None, Some(name), None) => Ok(OpeningSource::Suite { name, shuffle, start }),
        (None, None, Some(plies)) => Ok(OpeningSource::Random { plies }),
        _ => Err("--openings needs one of file=PATH, suite[=NAME] or plies=N".into()),
    }
}

fn parse_sprt(group: &[(String, String)]) -> Result<Sprt, String> {
    let mut s = Sprt {
        elo0: f64::NAN,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
        model: SprtModel::Logistic,
    };
    for (k, v) in group {
        match k.as_str() {
            "elo0" => s.elo0 = number(v, "--sprt elo0")?,
            "elo1" => s.elo1 = number(v, "--sprt elo1")?,
            "alpha" => s.alpha = number(v, "--sprt alpha")?,
            "beta" => s.beta = number(v, "--sprt beta")?,
            "model" => {
                s.model = match v.as_str() {
                    "logistic" => SprtModel::Logistic,
                    "normalized" => SprtModel::Normalized,
                    _ => return Err(format!("--sprt model={v}: logistic or normalized")),
                }
            }
            _ => return Err(format!("--sprt: unknown key '{k}'")),
        }
    }
    if !(s.elo0.is_finite() && s.elo1.is_finite() && s.elo1 > s.elo0) {
        return Err("--sprt needs elo0 < elo1".into());
    }
    if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
        return Err("--sprt alpha and beta must lie in (0, 0.5)".into());
    }
    Ok(s)
}

fn parse_resign(group: &[(String, String)]) -> Result<ResignRule, String> {
    let mut r = ResignRule {
        movecount: 0,
        score: 0,
        twosided: false,
    };
    for (k, v) in group {
        match k.as_str() {
            "movecount" => r.movecount = number(v, "--resign movecount")?,
            "score" => r.score = number(v, "--resign score")?,
            "twosided" => r.twosided = v == "true" || v.is_empty(),
            _ => return Err(format!("--resign: unknown key '{k}'")),
        }
    }
    if r.movecount == 0 || r.score <= 0 {
        return Err("--resign needs movecount=N score=CP, both positive".into());
    }
    Ok(r)
}

fn parse_draw(group: &[(String, String)]) -> Result<DrawRule, String> {
    let mut d = DrawRule {
        movenumber: 0,
        movecount: 0,
        score: -1,
    };
    for (k, v) in group {
        match k.as_str() {
            "movenumber" => d.movenumber = number(v, "--draw movenumber")?,
            "movecount" => d.movecount = number(v, "--draw movecount")?,
            "score" => d.score = number(v, "--draw score")?,
            _ => return Err(format!("--draw: unknown key '{k}'")),
        }
    }
    if d.movecount == 0 || d.score < 0 {
        return Err("--draw needs movenumber=N movecount=N score=CP".into());
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn run_words(words: &[&str]) -> MatchConfig {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        match parse_args(&words) {
            Ok(Command::Run(c)) => *c,
            other => panic!("{words:?}: {other:?}"),
        }
    }

    fn run(s: &str) -> MatchConfig {
        run_words(&s.split_whitespace().collect::<Vec<_>>())
    }

    /// The error for a command line, which must be one.
    fn error(s: &str) -> String {
        match parse_args(&args(s)) {
            Err(e) => e,
            other => panic!("'{s}' gives {other:?}"),
        }
    }

    #[test]
    fn the_issue_example() {
        let c = run(
            "--variant minipom --engine cmd=gorgon name=A option.Threads=1 --engine cmd=gorgon name=B \
             --each tc=10+0.1 option.Hash=64 --games 20 --concurrency 2 --openings file=x.txt order=random start=3 \
             --pgnout out.pgn append --seed 7 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 \
             --resign movecount=3 score=1000 --draw movenumber=40 movecount=8 score=10 --maxmoves 200",
        );
        assert_eq!(c.variant, Variant::MiniPom);
        assert_eq!(c.engines.len(), 2);
        assert_eq!(c.engines[0].name, "A");
        assert_eq!(
            c.engines[0].options,
            [("Hash".to_string(), "64".to_string()), ("Threads".to_string(), "1".to_string())]
        );
        assert_eq!(c.engines[1].limits.clock.unwrap().to_string(), "10+0.1");
        assert_eq!((c.games, c.concurrency, c.seed), (20, 2, 7));
        assert_eq!(
            c.openings,
            OpeningSource::File {
                path: "x.txt".into(),
                shuffle: true,
                start: 2
            }
        );
        assert_eq!(c.pgn_out, Some(PathBuf::from("out.pgn")));
        assert!(c.pgn_append);
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.model), (0.0, 5.0, SprtModel::Logistic));
        assert_eq!(c.adjudication.resign.unwrap().score, 1000);
        assert_eq!(c.adjudication.draw.unwrap().movenumber, 40);
        assert_eq!(c.adjudication.maxmoves, Some(200));
    }

    /// The first example of docs/MATCH.md, word for word.
    #[test]
    fn the_guide_example() {
        let c = run("--variant pom \
             --engine cmd=target/release/gorgon name=New option.Threads=1 \
             --engine cmd=/path/to/old/gorgon name=Old option.Threads=1 \
             --each tc=10+0.1 option.Hash=64 timemargin=50 \
             --games 2000 --concurrency 2 --openings plies=8 --seed 1 \
             --pgnout out.pgn --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05");
        assert_eq!(c.variant, Variant::Pom);
        let names: Vec<&str> = c.engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["New", "Old"]);
        assert_eq!(c.engines[1].cmd, "/path/to/old/gorgon");
        for e in &c.engines {
            assert_eq!(e.limits.clock.unwrap().to_string(), "10+0.1");
            assert_eq!(e.limits.margin, Duration::from_millis(50));
            assert_eq!(
                e.options,
                [("Hash".to_string(), "64".to_string()), ("Threads".to_string(), "1".to_string())]
            );
        }
        assert_eq!((c.games, c.concurrency, c.seed), (2000, 2, 1));
        assert_eq!(c.openings, OpeningSource::Random { plies: 8 });
        assert_eq!(c.pgn_out, Some(PathBuf::from("out.pgn")));
        assert!(!c.pgn_append);
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.05, 0.05));
    }

    /// cutechess-cli's one-dash options, as docs/MATCH.md allows.
    #[test]
    fn one_dash_options() {
        let c = run("-engine cmd=target/release/gorgon name=a -engine cmd=target/release/gorgon name=b \
             -each tc=1+0.01 -variant minipom -games 2 -concurrency 2 -pgnout x.pgn append -seed 3 \
             -openings plies=2 -sprt elo0=0 elo1=5 -resign movecount=2 score=500 -draw movenumber=30 movecount=4 score=5 \
             -maxmoves 90 -event E -site S -sync-timeout 2 -move-timeout 3 -stop-grace 40 -debug -quiet");
        assert_eq!((c.engines[0].name.as_str(), c.engines[1].name.as_str()), ("a", "b"));
        assert!(c.engines.iter().all(|e| e.limits.clock.unwrap().to_string() == "1+0.01"));
        assert_eq!((c.variant, c.games, c.concurrency, c.seed), (Variant::MiniPom, 2, 2, 3));
        assert_eq!((c.pgn_out, c.pgn_append), (Some(PathBuf::from("x.pgn")), true));
        assert_eq!(c.openings, OpeningSource::Random { plies: 2 });
        assert!(c.sprt.is_some() && c.adjudication.resign.is_some() && c.adjudication.draw.is_some());
        assert_eq!(c.adjudication.maxmoves, Some(90));
        assert_eq!((c.event.as_str(), c.site.as_str()), ("E", "S"));
        assert_eq!(
            (c.timing.sync, c.timing.untimed_move, c.timing.stop_grace),
            (Duration::from_secs(2), Duration::from_secs(3), Duration::from_millis(40))
        );
        assert!(c.debug && c.quiet);
        // Any number of dashes, as before.
        assert_eq!(run("---engine cmd=a --engine cmd=b ---games 6").games, 6);
    }

    /// The one-dash example of docs/MATCH.md, word for word.
    #[test]
    fn the_guide_one_dash_example() {
        let c = run("-variant minipom \
             -engine cmd=target/release/gorgon name=a -engine cmd=target/release/gorgon name=b \
             -each tc=1+0.01 -games 2");
        assert_eq!((c.variant, c.games), (Variant::MiniPom, 2));
        assert_eq!((c.engines[0].name.as_str(), c.engines[1].name.as_str()), ("a", "b"));
        assert!(c.engines.iter().all(|e| e.limits.clock.unwrap().to_string() == "1+0.01"));
    }

    #[test]
    fn defaults() {
        let c = run("--engine cmd=a --engine cmd=b");
        let d = MatchConfig::new(Variant::Pom, Vec::new());
        assert_eq!(c.variant, Variant::Pom);
        assert_eq!((c.games, c.concurrency, c.seed), (2, 1, 1));
        assert_eq!((c.games, c.concurrency, c.seed), (d.games, d.concurrency, d.seed));
        assert_eq!(c.openings, OpeningSource::Start);
        assert_eq!((c.pgn_out, c.pgn_append), (None, false));
        assert!(c.sprt.is_none() && c.adjudication.resign.is_none() && c.adjudication.draw.is_none());
        assert_eq!(c.adjudication.maxmoves, None);
        assert_eq!((c.event.as_str(), c.site.as_str()), ("Gorgon match", "local"));
        assert_eq!(
            (c.timing.sync, c.timing.untimed_move, c.timing.stop_grace),
            (Duration::from_secs(10), Duration::from_secs(60), Duration::from_millis(1000))
        );
        assert!(!c.debug && !c.quiet);
        assert_eq!((c.engines[0].name.as_str(), c.engines[1].name.as_str()), ("a", "b"));
        assert!(c
            .engines
            .iter()
            .all(|e| e.options.is_empty() && e.args.is_empty() && e.dir.is_none()));
    }

    #[test]
    fn engine_keys_override_each_and_names_are_unique() {
        let c = run("-engine cmd=/bin/x st=0.5 arg=--fault arg=crash -engine cmd=/bin/x -each depth=3 st=1 timemargin=20");
        assert_eq!(c.engines[0].limits.movetime, Some(Duration::from_millis(500)));
        assert_eq!(c.engines[1].limits.movetime, Some(Duration::from_secs(1)));
        assert_eq!(c.engines[0].limits.depth, Some(3));
        assert_eq!(c.engines[0].args, ["--fault", "crash"]);
        assert_eq!((c.engines[0].name.as_str(), c.engines[1].name.as_str()), ("x", "x-2"));
    }

    #[test]
    fn engine_keys() {
        let c = run_words(&[
            "--engine",
            "cmd=eng",
            "dir=/tmp",
            "proto=uci",
            "option.Move Overhead=30",
            "option.Contempt=-10",
            "option.Clear Hash",
            "nodes=1000",
            "tc=40/60+0.6",
            "--engine",
            "cmd=eng",
            "name=two",
            "tc=1:30+1",
            "--engine",
            "cmd=eng",
            "tc=60",
            "option.Hash=1",
            "option.Hash=2",
        ]);
        let e = &c.engines[0];
        assert_eq!(e.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(
            e.options,
            [
                ("Move Overhead".to_string(), "30".to_string()),
                ("Contempt".to_string(), "-10".to_string()),
                ("Clear Hash".to_string(), String::new())
            ]
        );
        assert_eq!(e.limits.nodes, Some(1000));
        assert_eq!(e.limits.clock.unwrap().to_string(), "40/60+0.6");
        assert_eq!(c.engines[1].limits.clock.unwrap().base, Duration::from_secs(90));
        // Three engines make a round robin; a later option.X replaces.
        assert_eq!(c.engines.len(), 3);
        assert_eq!(c.engines[2].options, [("Hash".to_string(), "2".to_string())]);
        let names: Vec<&str> = c.engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["eng", "two", "eng-2"]);
    }

    #[test]
    fn protocol_and_ponder_keys() {
        let c = run("--engine cmd=g proto=xboard name=X --engine cmd=g ponder option.Threads=2 \
             --engine cmd=g ponder=true proto=uci --engine cmd=g --each ponder=false tc=2+0.02");
        let protocols: Vec<Protocol> = c.engines.iter().map(|e| e.protocol).collect();
        assert_eq!(protocols, [Protocol::Xboard, Protocol::Uci, Protocol::Uci, Protocol::Uci]);
        let ponder: Vec<bool> = c.engines.iter().map(|e| e.ponder).collect();
        assert_eq!(ponder, [false, true, true, false]);
        let names: Vec<(&str, bool)> = c.engines.iter().map(|e| (e.name.as_str(), e.auto_name)).collect();
        assert_eq!(names, [("X", false), ("g", true), ("g-2", true), ("g-3", true)]);
        // cutechess-cli's `--each ponder`; CECP takes depth and st.
        let c = run("--engine cmd=a proto=xboard depth=3 --engine cmd=b proto=xboard st=0.5 --each ponder");
        assert!(c.engines.iter().all(|e| e.ponder && e.protocol == Protocol::Xboard));
        assert_eq!(c.engines[0].limits.depth, Some(3));
    }

    #[test]
    fn group_options() {
        let c = run("--engine cmd=a --engine cmd=b --openings file=book.txt --resign movecount=3 score=800 twosided");
        assert_eq!(
            c.openings,
            OpeningSource::File {
                path: "book.txt".into(),
                shuffle: false,
                start: 0
            }
        );
        assert!(c.adjudication.resign.unwrap().twosided);
        let c = run("--engine cmd=a --engine cmd=b --resign movecount=3 score=800 twosided=false --sprt elo0=-5 elo1=0 model=normalized");
        assert!(!c.adjudication.resign.unwrap().twosided);
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.model), (-5.0, 0.0, SprtModel::Normalized));
        let c = run("--engine cmd=a --engine cmd=b --openings file=x order=sequential start=1");
        assert_eq!(
            c.openings,
            OpeningSource::File {
                path: "x".into(),
                shuffle: false,
                start: 0
            }
        );
        // The committed suite: the variant's newest, or one by name.
        let c = run("--engine cmd=a --engine cmd=b --openings suite order=random");
        assert_eq!(
            c.openings,
            OpeningSource::Suite {
                name: None,
                shuffle: true,
                start: 0
            }
        );
        let c = run("--variant minipom --engine cmd=a --engine cmd=b --openings suite=minipom-1 start=3");
        assert_eq!(
            c.openings,
            OpeningSource::Suite {
                name: Some("minipom-1".into()),
                shuffle: false,
                start: 2
            }
        );
    }

    /// Values that look like options are taken where a value is due, as
    /// before clap.
    #[test]
    fn values_starting_with_a_dash() {
        let c = run("--event -x- --site --games --engine cmd=a --engine cmd=b --pgnout -out.pgn --games 4");
        assert_eq!((c.event.as_str(), c.site.as_str()), ("-x-", "--games"));
        assert_eq!((c.pgn_out, c.pgn_append, c.games), (Some(PathBuf::from("-out.pgn")), false, 4));
        let c = run("--engine cmd=a --engine cmd=b --pgnout -out.pgn append -games 4");
        assert_eq!((c.pgn_out, c.pgn_append, c.games), (Some(PathBuf::from("-out.pgn")), true, 4));
        let c = run("--engine cmd=a --engine cmd=b --events live.jsonl append -games 4");
        assert_eq!(
            (c.events_out, c.events_append, c.games),
            (Some(PathBuf::from("live.jsonl")), true, 4)
        );
        let c = run("--engine cmd=a --engine cmd=b -events live.jsonl --pgnout x.pgn");
        assert_eq!((c.events_out, c.events_append), (Some(PathBuf::from("live.jsonl")), false));
        let c = run_words(&["--engine", "cmd=a", "--engine", "cmd=b", "--event", "", "--pgnout", "-"]);
        assert_eq!((c.event.as_str(), c.pgn_out), ("", Some(PathBuf::from("-"))));
    }

    #[test]
    fn repeated_options() {
        let c = run("--games 2 --engine cmd=a --each depth=1 --engine cmd=b --each nodes=5 --each \
             --games 4 --openings plies=2 --openings plies=6 --debug --debug");
        assert_eq!(c.games, 4);
        assert_eq!(c.openings, OpeningSource::Random { plies: 6 });
        assert!(c.engines.iter().all(|e| e.limits.depth == Some(1) && e.limits.nodes == Some(5)));
        assert!(c.debug);
    }

    #[test]
    fn help_and_version() {
        for s in ["--help", "-help", "-h", "--h", "--engine cmd=a --help --bogus", "--games 3 -h"] {
            assert!(matches!(parse_args(&args(s)), Ok(Command::Help)), "{s}");
        }
        for s in ["--version", "-version", "-V", "--V"] {
            assert!(matches!(parse_args(&args(s)), Ok(Command::Version)), "{s}");
        }
        // The help is the hand-written text.
        let mut cmd = command();
        assert_eq!(cmd.render_help().to_string().trim_end(), USAGE.trim_end());
    }

    /// Every bad command line is an error that names what is wrong.
    #[test]
    fn errors_name_the_argument() {
        for (bad, named) in [
            // Engines.
            ("--engine cmd=a", "two engines"),
            ("", "two engines"),
            ("--engine name=a --engine cmd=b", "cmd=PATH"),
            ("--engine cmd=a color=red --engine cmd=b", "'color'"),
            ("--engine cmd=a --engine cmd=b --each colour=red", "'colour'"),
            ("--engine cmd=a -5 --engine cmd=b", "'-5'"),
            ("--engine cmd=a proto=cecp --engine cmd=b", "proto=cecp"),
            ("--engine cmd=a ponder=yes --engine cmd=b", "ponder=yes"),
            ("--engine cmd=a proto=xboard nodes=100 --engine cmd=b", "nodes="),
            ("--engine cmd=a --engine cmd=b --each proto=xboard tc=10 st=1", "st="),
            ("--engine --engine cmd=b", "--engine"),
            // Time controls.
            ("--engine cmd=a --engine cmd=b --each tc=0+0", "tc=0+0"),
            ("--engine cmd=a --engine cmd=b --each tc=abc", "tc=abc"),
            ("--engine cmd=a tc=40/x --engine cmd=b", "tc=40/x"),
            ("--engine cmd=a st=-1 --engine cmd=b", "st=-1"),
            ("--engine cmd=a depth=deep --engine cmd=b", "depth=deep"),
            ("--engine cmd=a --engine cmd=b --each timemargin=1.5", "timemargin=1.5"),
            // Unknown options and stray words.
            ("--engine cmd=a --engine cmd=b --bogus", "--bogus"),
            ("--engine cmd=a --engine cmd=b -bogus 3", "--bogus"),
            ("--engine cmd=a --engine cmd=b -x", "-x"),
            ("stray --engine cmd=a --engine cmd=b", "stray"),
            ("--engine cmd=a --engine cmd=b --games 3 4", "'4'"),
            // Missing values.
            ("--engine cmd=a --engine cmd=b --games", "--games"),
            ("--engine cmd=a --engine cmd=b --openings", "--openings"),
            ("--engine cmd=a --engine cmd=b --openings --games 2", "--openings"),
            ("--engine cmd=a --engine cmd=b --event", "--event"),
            ("--engine cmd=a --engine cmd=b --pgnout", "--pgnout"),
            ("--engine cmd=a --engine cmd=b --sprt", "--sprt"),
            // Bad values.
            ("--engine cmd=a --engine cmd=b --games x", "--games"),
            ("--engine cmd=a --engine cmd=b --games -2", "'-2'"),
            ("--engine cmd=a --engine cmd=b --concurrency 0", "--concurrency"),
            ("--engine cmd=a --engine cmd=b --seed 1.5", "--seed"),
            ("--engine cmd=a --engine cmd=b --maxmoves many", "--maxmoves"),
            ("--engine cmd=a --engine cmd=b --variant chess", "chess"),
            ("--engine cmd=a --engine cmd=b --sync-timeout soon", "--sync-timeout"),
            ("--engine cmd=a --engine cmd=b --move-timeout -1", "--move-timeout"),
            ("--engine cmd=a --engine cmd=b --stop-grace 0.5", "--stop-grace"),
            ("--engine cmd=a --engine cmd=b --pgnout x.pgn appendix", "appendix"),
            // Group keys.
            ("--engine cmd=a --engine cmd=b --openings plies=2 file=x", "--openings"),
            ("--engine cmd=a --engine cmd=b --openings file=x order=shuffled", "order=shuffled"),
            ("--engine cmd=a --engine cmd=b --openings plies=two", "--openings plies"),
            ("--engine cmd=a --engine cmd=b --openings depth=2", "'depth'"),
            ("--engine cmd=a --engine cmd=b --openings suite plies=8", "--openings"),
            (
                "--engine cmd=a --engine cmd=b --openings suite=minipom-1",
                "no opening suite 'minipom-1' for pom: pom-1",
            ),
            ("--engine cmd=a --engine cmd=b --sprt elo0=5 elo1=0", "--sprt"),
            ("--engine cmd=a --engine cmd=b --sprt elo0=0 elo1=5 alpha=0.7", "--sprt"),
            ("--engine cmd=a --engine cmd=b --sprt elo0=0 elo1=5 model=bayes", "model=bayes"),
            ("--engine cmd=a --engine cmd=b --sprt elo0=0 elo1=5 elo2=9", "'elo2'"),
            ("--engine cmd=a --engine cmd=b --resign movecount=3", "--resign"),
            ("--engine cmd=a --engine cmd=b --resign movecount=3 score=500 after=3", "'after'"),
            ("--engine cmd=a --engine cmd=b --draw movenumber=40 movecount=8", "--draw"),
            (
                "--engine cmd=a --engine cmd=b --draw movenumber=x movecount=8 score=1",
                "--draw movenumber",
            ),
            // An earlier occurrence of a group must be valid too.
            ("--engine cmd=a --engine cmd=b --sprt elo0=5 elo1=0 --sprt elo0=0 elo1=5", "--sprt"),
        ] {
            let e = error(bad);
            assert!(e.contains(named), "'{bad}' gives '{e}', which does not name {named}");
            assert!(
                !e.contains('\n') && !e.starts_with("error:") && !e.contains("For more information"),
                "{e}"
            );
        }
    }

    /// `--shard I/N` is `protocol::Shard`; `--stats` takes files and only
    /// `--first`, `--anchor`, `--sprt` and `--time-use` besides.
    #[test]
    fn shard_and_stats() {
        assert_eq!(
            run("--engine cmd=a --engine cmd=b --games 10 --shard 2/4").shard,
            Shard::new(2, 4).unwrap()
        );
        assert_eq!(run("-engine cmd=a -engine cmd=b -shard 0/1").shard, Shard::WHOLE);
        assert_eq!(run("--engine cmd=a --engine cmd=b").shard, Shard::WHOLE);
        match parse_args(&args("--stats a.pgn b.pgn -stats c.pgn --first X --sprt elo0=0 elo1=5")) {
            Ok(Command::Stats(c)) => {
                assert_eq!(c.files, [PathBuf::from("a.pgn"), PathBuf::from("b.pgn"), PathBuf::from("c.pgn")]);
                assert_eq!(c.first.as_deref(), Some("X"));
                assert_eq!(c.sprt.map(|s| s.elo1), Some(5.0));
            }
            other => panic!("{other:?}"),
        }
        match parse_args(&args("--stats a.pgn")) {
            Ok(Command::Stats(c)) => assert_eq!((c.files.len(), c.first, c.sprt, c.time_use), (1, None, None, false)),
            other => panic!("{other:?}"),
        }
        match parse_args(&args("--stats a.pgn -time-use")) {
            Ok(Command::Stats(c)) => assert!(c.time_use),
            other => panic!("{other:?}"),
        }
        for (bad, named) in [
            ("--engine cmd=a --engine cmd=b --shard 4/4", "--shard"),
            ("--engine cmd=a --engine cmd=b --shard 1", "--shard"),
            ("--engine cmd=a --engine cmd=b --shard", "--shard"),
            ("--stats", "--stats"),
            ("--stats a.pgn --engine cmd=a", "--engine does not go with it"),
            ("--stats a.pgn --games 4", "--games does not go with it"),
            ("--stats a.pgn --shard 0/2", "--shard does not go with it"),
            ("--stats a.pgn --sprt elo0=5 elo1=0", "--sprt"),
            ("--engine cmd=a --engine cmd=b --first a", "--first"),
            ("--engine cmd=a --engine cmd=b --time-use", "--time-use goes with --stats"),
        ] {
            let e = error(bad);
            assert!(e.contains(named), "'{bad}' gives '{e}', which does not name {named}");
        }
    }

    #[test]
    fn normalise_rewrites_only_option_words() {
        let mut cmd = command();
        cmd.build();
        let words = args("-engine cmd=a arg=-v score=-5 -5 - -each -h --V -event -x -pgnout -p.pgn append -pgnout q.pgn -bogus x -games");
        assert_eq!(
            normalise(&cmd, &words),
            args(
                "gorgon-match --engine cmd=a arg=-v score=-5 -5 - --each -h -V --event=-x --pgnout -p.pgn append --pgnout=q.pgn \
                 --bogus x --games"
            )
        );
        assert!(!is_flag("-5") && !is_flag("score=-5") && !is_flag("-") && !is_flag("--"));
        assert!(is_flag("--games") && is_flag("-engine") && is_flag("-h"));
    }

    /// cutechess-cli's tournament options, and the rating table's.
    #[test]
    fn tournament_options() {
        let c = run("-engine cmd=a -engine cmd=b -engine cmd=c -tournament gauntlet -seeds 2 -rounds 3 \
             -ratinginterval 10 -anchor b -seed 4");
        assert_eq!(c.kind, TournamentKind::Gauntlet { seeds: 2 });
        assert_eq!((c.rounds, c.rating_interval), (3, 10));
        assert_eq!((c.ratings.anchor.as_deref(), c.ratings.seed), (Some("b"), 4));
        let c = run("--engine cmd=a --engine cmd=b --engine cmd=c --tournament gauntlet");
        assert_eq!(c.kind, TournamentKind::Gauntlet { seeds: 1 });
        let c = run("--engine cmd=a --engine cmd=b --tournament round-robin");
        assert_eq!(
            (c.kind, c.rounds, c.rating_interval, c.ratings.anchor),
            (TournamentKind::RoundRobin, 1, 0, None)
        );
        match parse_args(&args("--stats a.pgn --anchor X --cfs-matrix m.csv")) {
            Ok(Command::Stats(c)) => {
                assert_eq!(c.ratings.anchor.as_deref(), Some("X"));
                assert_eq!(c.ratings.cfs_matrix, Some(PathBuf::from("m.csv")));
            }
            other => panic!("{other:?}"),
        }
        for (bad, named) in [
            ("--engine cmd=a --engine cmd=b --tournament knockout", "--tournament knockout"),
            (
                "--engine cmd=a --engine cmd=b --seeds 2",
                "--seeds N goes with --tournament gauntlet",
            ),
            ("--engine cmd=a --engine cmd=b --rounds 0", "--rounds"),
            ("--engine cmd=a --engine cmd=b --rounds x", "--rounds"),
            ("--engine cmd=a --engine cmd=b --ratinginterval -1", "--ratinginterval"),
            ("--stats a.pgn --rounds 2", "--rounds does not go with it"),
        ] {
            let e = error(bad);
            assert!(e.contains(named), "'{bad}' gives '{e}', which does not name {named}");
        }
    }
}
