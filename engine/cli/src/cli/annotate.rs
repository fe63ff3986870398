//! `gorgon annotate GAMES.pgn`: every move of every game judged by the
//! engine (engine::analysis::annotate), written back as PGN, with an
//! evaluation graph per game (engine::analysis::plot) and a page per game
//! to publish (web::annotated) on request.

use super::analyse::create;
use super::common::LimitArgs;
use clap::{Args, ValueEnum};
use engine::analysis::annotate::{self, Analysis, Notation, SideReport};
use engine::analysis::batch::{self, BatchOptions, Input};
use engine::analysis::plot;
use protocol::Shard;
use rules::Variant;
use std::io::Write;
use std::path::PathBuf;

#[derive(Clone, Copy, ValueEnum)]
enum NotationArg {
    /// Coordinates (`e3e5`), with the preferred line as a PGN variation.
    Coord,
    /// The inventor's book notation (`ME x B10`, `E3 - E5`) in the comments.
    Book,
    /// XBoard's SAN (`Mc3`, `Bxa8=N`), FEN and tags: the annotated game
    /// loads into XBoard (docs/XBOARD.md).
    Xboard,
}

#[derive(Args)]
pub struct AnnotateArgs {
    /// The games (PGN; each on the board of its `Variant` tag, else --variant).
    pgn: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
    /// How the engine's moves are written in the comments.
    #[arg(long, value_enum, default_value = "coord")]
    notation: NotationArg,
    /// Write one evaluation graph per game here (SVG, game-001.svg, ...).
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Write one self-contained HTML page per game here (game-001.html,
    /// ...): board, moves, comments and graph, read offline.
    #[arg(long)]
    html: Option<PathBuf>,
    /// Write the annotated PGN here (default: stdout).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Positions searched at once, one single-threaded engine each.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Transposition table per job, MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

pub fn run(variant: Variant, args: &AnnotateArgs) -> Result<(), String> {
    let limits = args.limits.limits();
    limits.check()?;
    let file = args.pgn.display().to_string();
    let text = std::fs::read_to_string(&args.pgn).map_err(|e| format!("{file}: {e}"))?;
    let games = batch::read_games(&text, &file, variant)?;
    if games.is_empty() {
        return Err(format!("{file}: no games"));
    }
    let mut out: Box<dyn Write + Send> = match &args.out {
        Some(path) => Box::new(create(path)?),
        None => Box::new(std::io::stdout()),
    };
    for dir in [&args.plot, &args.html].into_iter().flatten() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let input = Input::from_games(games.iter().map(|(_, g)| g.clone()).collect());
    let opts = BatchOptions {
        limits: limits.clone(),
        jobs: args.jobs.max(1),
        hash_mb: args.hash,
        shard: Shard::WHOLE,
        progress: !args.quiet,
    };
    // The move played from each position (none from a game's last).
    let played: Vec<Option<rules::Move>> = games
        .iter()
        .flat_map(|(_, g)| g.moves.iter().map(|&m| Some(m)).chain([None]))
        .collect();
    let all: Vec<usize> = (0..input.len()).collect();
    let mut analyses: Vec<Analysis> = Vec::with_capacity(input.len());
    let work = |analyst: &mut engine::analysis::Analyst, index: usize, pos: &rules::Position| {
        let best = analyst.verdict(pos);
        match played[index] {
            Some(m) if best.best != Some(m) => {
                let alone = analyst.verdict_of(pos, m);
                vec![best, alone]
            }
            _ => vec![best],
        }
    };
    let summary = batch::search_each(&input, &all, &opts, work, |_, _, _, vs| {
        analyses.push(Analysis {
            best: vs[0].clone(),
            played: vs.get(1).cloned(),
        });
        Ok(())
    })?;
    let notation = match args.notation {
        NotationArg::Coord => Notation::Coord,
        NotationArg::Book => Notation::Book,
        NotationArg::Xboard => Notation::Xboard,
    };
    let annotator = format!("Gorgon {} ({} per position)", env!("CARGO_PKG_VERSION"), limits.describe());
    let mut first = 0;
    for (i, (written, game)) in games.iter().enumerate() {
        let vs = &analyses[first..first + game.moves.len() + 1];
        first += vs.len();
        let judgements = annotate::judge(game, vs);
        let pgn = annotate::write_pgn(written, game, vs, &judgements, notation, &annotator);
        out.write_all(pgn.as_bytes()).map_err(|e| format!("writing the PGN: {e}"))?;
        let [white, black] = annotate::report(&judgements);
        eprintln!(
            "game {} ({}): White {}; Black {}",
            i + 1,
            written.name(),
            side(&white),
            side(&black)
        );
        for j in judgements.iter().filter(|j| j.glyph.is_some()) {
            let dots = if j.mover == rules::Color::White { "." } else { "..." };
            let mate = j.mate.map_or(String::new(), |change| format!(" ({change})"));
            eprintln!(
                "  {}{dots} {}{}  expected score {:.2} -> {:.2}{mate}",
                j.number,
                game.start.move_text(game.moves[j.ply]),
                j.glyph.map_or("", |g| g.symbol()),
                j.before,
                j.after
            );
        }
        if let Some(dir) = &args.plot {
            let path = dir.join(format!("game-{:03}.svg", i + 1));
            let result = game.result.map_or("*".to_string(), |r| r.to_string());
            let title = format!("{} {} ({})", written.name(), result, game.start.variant().name());
            plot::write_svg(&path, &title, game.start.side_to_move(), vs, &judgements)?;
            eprintln!("  graph: {}", path.display());
        }
        if let Some(dir) = &args.html {
            let path = dir.join(format!("game-{:03}.html", i + 1));
            let html = web::annotated::page(&web::annotated::AnnotatedGame {
                written,
                game,
                analyses: vs,
                judgements: &judgements,
                notation,
                annotator: &annotator,
            })?;
            std::fs::write(&path, html).map_err(|e| format!("{}: {e}", path.display()))?;
            eprintln!("  page: {}", path.display());
        }
    }
    out.flush().map_err(|e| format!("writing the PGN: {e}"))?;
    eprintln!("{file}: {} games, {}; {summary}", games.len(), limits.describe());
    Ok(())
}

/// `2 ?!, 1 ?, 0 ??, average loss 3.1 %`.
fn side(r: &SideReport) -> String {
    format!(
        "{} ?!, {} ?, {} ??, average loss {:.1} %",
        r.inaccuracies,
        r.mistakes,
        r.blunders,
        100.0 * r.average_loss
    )
}
