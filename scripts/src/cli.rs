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

use crate::game::{DrawRule, ResignRule};
use crate::stats::{Sprt, SprtModel};
use crate::tournament::{MatchConfig, OpeningSource};
use crate::uci::EngineConfig;
use rules::Variant;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The usage text.
pub const USAGE: &str = "\
gorgon-match: engine-vs-engine games of Pillars of Medusa and Mini-POM

Usage: gorgon-match [options] --engine KEY=VALUE... --engine KEY=VALUE... [--engine ...]

Engines (two for a match, more for a round robin):
  --engine KEY=VALUE...   cmd=PATH (required), name=NAME, arg=ARG (repeatable),
                          dir=DIR, option.NAME=VALUE (setoption), and the
                          time-control keys below
  --each KEY=VALUE...     keys applied to every engine (an engine's own win)
Time-control keys:
  tc=[MOVES/]SECONDS[+INC]  e.g. tc=40/60+0.6, tc=10+0.1, tc=1:30+1
  st=SECONDS              fixed time per move (go movetime)
  nodes=N, depth=D        search limits sent with go
  timemargin=MS           lateness allowed before a time forfeit (default 0)
Match:
  --variant pom|minipom   (default pom)
  --games N               games per pairing (default 2; pairs share an opening)
  --concurrency N         games played at once (default 1)
  --openings file=PATH [order=sequential|random] [start=N]
  --openings plies=N      random balanced openings of N plies
  --seed N                seed for random openings and order (default 1)
  --pgnout FILE [append]  write the games (overwrites unless 'append')
  --sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=logistic|normalized]
  --resign movecount=N score=CP [twosided=true]
  --draw movenumber=N movecount=N score=CP
  --maxmoves N            draw after N moves
  --event TEXT, --site TEXT   PGN tags
  --sync-timeout SECONDS  wait for uciok/readyok (default 10)
  --move-timeout SECONDS  wait for a move without clock or st= (default 60)
  --stop-grace MS         after the deadline, wait this long after 'stop' (default 1000)
  --debug                 log the engine traffic to stderr
  --quiet                 only the final summary
  --help, --version
";

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Run(Box<MatchConfig>),
    Help,
    Version,
}

/// True for an option word (`--games`, `-games`), not a negative number.
fn is_flag(word: &str) -> bool {
    let name = word.trim_start_matches('-');
    word.starts_with('-') && name.len() < word.len() && name.starts_with(|c: char| c.is_ascii_alphabetic()) && !word.contains('=')
}

/// `key=value` words up to the next option.
fn take_group(args: &[String], i: &mut usize) -> Vec<(String, String)> {
    let mut group = Vec::new();
    while let Some(w) = args.get(*i) {
        if is_flag(w) {
            break;
        }
        match w.split_once('=') {
            Some((k, v)) => group.push((k.to_string(), v.to_string())),
            None => group.push((w.clone(), String::new())),
        }
        *i += 1;
    }
    group
}

fn take_value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    let v = args.get(*i).ok_or_else(|| format!("{flag} needs a value"))?;
    *i += 1;
    Ok(v)
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what}: '{text}' is not a valid number"))
}

/// Parses the arguments after the program name.
pub fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut config = MatchConfig::new(Variant::Pom, Vec::new());
    let mut engine_groups: Vec<Vec<(String, String)>> = Vec::new();
    let mut each: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let word = &args[i];
        if !is_flag(word) {
            return Err(format!("unexpected '{word}' (options start with --)"));
        }
        let flag = word.trim_start_matches('-').to_string();
        i += 1;
        match flag.as_str() {
            "help" | "h" => return Ok(Command::Help),
            "version" | "V" => return Ok(Command::Version),
            "variant" => {
                let v = take_value(args, &mut i, "--variant")?;
                config.variant = Variant::from_name(v).ok_or_else(|| format!("unknown variant '{v}' (pom, minipom)"))?;
            }
            "engine" => engine_groups.push(take_group(args, &mut i)),
            "each" => each.extend(take_group(args, &mut i)),
            "games" => config.games = number(take_value(args, &mut i, "--games")?, "--games")?,
            "concurrency" => config.concurrency = number(take_value(args, &mut i, "--concurrency")?, "--concurrency")?,
            "seed" => config.seed = number(take_value(args, &mut i, "--seed")?, "--seed")?,
            "openings" => config.openings = parse_openings(&take_group(args, &mut i))?,
            "pgnout" => {
                config.pgn_out = Some(PathBuf::from(take_value(args, &mut i, "--pgnout")?));
                if args.get(i).is_some_and(|w| w == "append") {
                    config.pgn_append = true;
                    i += 1;
                }
            }
            "sprt" => config.sprt = Some(parse_sprt(&take_group(args, &mut i))?),
            "resign" => config.adjudication.resign = Some(parse_resign(&take_group(args, &mut i))?),
            "draw" => config.adjudication.draw = Some(parse_draw(&take_group(args, &mut i))?),
            "maxmoves" => config.adjudication.maxmoves = Some(number(take_value(args, &mut i, "--maxmoves")?, "--maxmoves")?),
            "event" => config.event = take_value(args, &mut i, "--event")?.to_string(),
            "site" => config.site = take_value(args, &mut i, "--site")?.to_string(),
            "sync-timeout" => config.timing.sync = seconds(take_value(args, &mut i, "--sync-timeout")?, "--sync-timeout")?,
            "move-timeout" => config.timing.untimed_move = seconds(take_value(args, &mut i, "--move-timeout")?, "--move-timeout")?,
            "stop-grace" => {
                let ms: u64 = number(take_value(args, &mut i, "--stop-grace")?, "--stop-grace")?;
                config.timing.stop_grace = Duration::from_millis(ms);
            }
            "debug" => config.debug = true,
            "quiet" => config.quiet = true,
            other => return Err(format!("unknown option '--{other}' (see --help)")),
        }
    }
    if engine_groups.len() < 2 {
        return Err("give at least two engines with --engine cmd=...".into());
    }
    for group in &engine_groups {
        let mut merged = each.clone();
        merged.extend(group.iter().cloned());
        config.engines.push(parse_engine(&merged)?);
    }
    name_engines(&mut config.engines);
    if config.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    Ok(Command::Run(Box::new(config)))
}

fn seconds(text: &str, what: &str) -> Result<Duration, String> {
    let s: f64 = number(text, what)?;
    if !s.is_finite() || s < 0.0 {
        return Err(format!("{what}: '{text}' is not a time"));
    }
    Ok(Duration::from_secs_f64(s))
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
            "proto" if v == "uci" => {}
            "proto" => return Err(format!("proto={v}: only uci is spoken")),
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

/// Names engines without one after their command, and makes names unique.
fn name_engines(engines: &mut [EngineConfig]) {
    for e in engines.iter_mut() {
        if e.name.is_empty() {
            e.name = Path::new(&e.cmd)
                .file_stem()
                .map_or_else(|| e.cmd.clone(), |s| s.to_string_lossy().into_owned());
        }
    }
    for i in 1..engines.len() {
        let base = engines[i].name.clone();
        let mut k = 2;
        while engines[..i].iter().any(|o| o.name == engines[i].name) {
            engines[i].name = format!("{base}-{k}");
            k += 1;
        }
    }
}

fn parse_openings(group: &[(String, String)]) -> Result<OpeningSource, String> {
    let mut path = None;
    let mut plies = None;
    let mut shuffle = false;
    let mut start = 0;
    for (k, v) in group {
        match k.as_str() {
            "file" => path = Some(PathBuf::from(v)),
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
    match (path, plies) {
        (Some(path), None) => Ok(OpeningSource::File { path, shuffle, start }),
        (None, Some(plies)) => Ok(OpeningSource::Random { plies }),
        _ => Err("--openings needs file=PATH or plies=N".into()),
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

    fn run(s: &str) -> MatchConfig {
        match parse_args(&args(s)).unwrap() {
            Command::Run(c) => *c,
            other => panic!("{other:?}"),
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
        assert!(c.pgn_append);
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.model), (0.0, 5.0, SprtModel::Logistic));
        assert_eq!(c.adjudication.resign.unwrap().score, 1000);
        assert_eq!(c.adjudication.draw.unwrap().movenumber, 40);
        assert_eq!(c.adjudication.maxmoves, Some(200));
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
    fn errors_are_reported() {
        for bad in [
            "--engine cmd=a",
            "--engine name=a --engine cmd=b",
            "--engine cmd=a --engine cmd=b --games x",
            "--engine cmd=a --engine cmd=b --bogus",
            "--engine cmd=a --engine cmd=b --sprt elo0=5 elo1=0",
            "--engine cmd=a --engine cmd=b --each tc=0+0",
            "--engine cmd=a --engine cmd=b --openings",
            "--engine cmd=a --engine cmd=b --variant chess",
            "--engine cmd=a color=red --engine cmd=b",
            "stray",
        ] {
            assert!(parse_args(&args(bad)).is_err(), "{bad}");
        }
        assert!(matches!(parse_args(&args("--help")), Ok(Command::Help)));
        assert!(!is_flag("-5") && !is_flag("score=-5") && is_flag("--games") && is_flag("-engine"));
    }
}
