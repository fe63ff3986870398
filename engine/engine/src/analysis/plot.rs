//! The evaluation graph of an annotated game, as SVG: White's expected
//! score (0 to 1, from the win/draw/loss model) after every ply, with the
//! inaccuracies, mistakes and blunders marked where they were played.
//! Drawn with `plotters`' SVG backend, which writes text as SVG `<text>`
//! and so needs no font files.

use super::annotate::{Analysis, Glyph, Judgement};
use plotters::prelude::*;
// The prelude's `Color` trait (mix, filled) under a name beside the rules' `Color`.
use plotters::style::Color as _;
use rules::Color;
use std::path::Path;

const WIDTH: u32 = 900;
const HEIGHT: u32 = 420;

/// White's expected score at the start and after every move (the
/// evaluations the annotated PGN gives): point 0 from the start position's
/// search, point `i + 1` from the search of move `i` as played.
pub fn white_curve(first_mover: Color, analyses: &[Analysis]) -> Vec<(f64, f64)> {
    let white = |e: f64, mover: Color| if mover == Color::White { e } else { 1.0 - e };
    let mut out = Vec::with_capacity(analyses.len());
    if let Some(a) = analyses.first() {
        out.push((0.0, white(a.best.expected(), first_mover)));
    }
    let mut mover = first_mover;
    for (ply, a) in analyses.iter().enumerate().take(analyses.len().saturating_sub(1)) {
        out.push(((ply + 1) as f64, white(a.of_played().expected(), mover)));
        mover = !mover;
    }
    out
}

fn colour(g: Glyph) -> RGBColor {
    match g {
        Glyph::Inaccuracy => RGBColor(0xd4, 0xa0, 0x17),
        Glyph::Mistake => RGBColor(0xe6, 0x6b, 0x00),
        Glyph::Blunder => RGBColor(0xc6, 0x28, 0x28),
    }
}

/// Writes the graph of one game to `path`.
pub fn write_svg(path: &Path, title: &str, first_mover: Color, analyses: &[Analysis], judgements: &[Judgement]) -> Result<(), String> {
    draw(path, title, first_mover, analyses, judgements).map_err(|e| format!("{}: {e}", path.display()))
}

fn draw(
    path: &Path,
    title: &str,
    first_mover: Color,
    analyses: &[Analysis],
    judgements: &[Judgement],
) -> Result<(), Box<dyn std::error::Error>> {
    let curve = white_curve(first_mover, analyses);
    let plies = (analyses.len().max(2) - 1) as f64;
    let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(0f64..plies, 0f64..1f64)?;
    chart
        .configure_mesh()
        .x_desc("ply")
        .y_desc("White's expected score")
        .y_labels(5)
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    // White's share below the curve, Black's above, as the usual graphs do.
    chart.draw_series(AreaSeries::new(curve.iter().copied(), 0.0, RGBColor(0xe8, 0xe8, 0xe8)))?;
    chart.draw_series(LineSeries::new([(0.0, 0.5), (plies, 0.5)], BLACK.mix(0.4)))?;
    chart.draw_series(LineSeries::new(curve.iter().copied(), RGBColor(0x20, 0x20, 0x20).stroke_width(2)))?;
    for glyph in [Glyph::Inaccuracy, Glyph::Mistake, Glyph::Blunder] {
        let marks: Vec<(f64, f64)> = judgements
            .iter()
            .filter(|j| j.glyph == Some(glyph))
            .map(|j| curve[j.ply + 1])
            .collect();
        if marks.is_empty() {
            continue;
        }
        let c = colour(glyph);
        chart
            .draw_series(marks.iter().map(|&p| Circle::new(p, 5, c.filled())))?
            .label(format!("{} {}", glyph.symbol(), glyph.name()))
            .legend(move |(x, y)| Circle::new((x + 6, y), 5, c.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK.mix(0.3))
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Verdict;
    use protocol::ScoreValue;

    fn v(wdl: [u32; 3]) -> Analysis {
        let verdict = Verdict {
            best: None,
            score: ScoreValue::Cp(0),
            wdl,
            depth: 1,
            seldepth: 1,
            nodes: 1,
            time_ms: 0,
            pv: Vec::new(),
            outcome: None,
        };
        Analysis {
            best: verdict,
            played: None,
        }
    }

    #[test]
    fn the_curve_is_whites_view() {
        // The first mover draws with best play and wins with the move
        // played; the other side then loses whatever it plays.
        let mut vs = [v([0, 1000, 0]), v([0, 0, 1000]), v([0, 1000, 0])];
        vs[0].played = Some(v([1000, 0, 0]).best);
        assert_eq!(white_curve(Color::White, &vs), vec![(0.0, 0.5), (1.0, 1.0), (2.0, 1.0)]);
        assert_eq!(white_curve(Color::Black, &vs), vec![(0.0, 0.5), (1.0, 0.0), (2.0, 0.0)]);
    }

    #[test]
    fn the_svg_has_the_curve_and_the_marks() {
        let vs = [v([500, 0, 500]), v([100, 100, 800]), v([900, 0, 100])];
        let js = vec![Judgement {
            ply: 1,
            number: 1,
            mover: Color::Black,
            before: 0.8,
            after: 0.1,
            loss: 0.7,
            mate: None,
            glyph: Some(Glyph::Blunder),
        }];
        let path = std::env::temp_dir().join(format!("gorgon-plot-{}.svg", std::process::id()));
        write_svg(&path, "A - B", Color::White, &vs, &js).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).ok();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.contains("A - B") && svg.contains("?? Blunder"));
        // The blunder's mark: a filled circle in the blunder colour.
        assert!(svg.contains("<circle") && svg.contains("#C62828"), "{svg}");
    }
}
