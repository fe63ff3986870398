use gorgon::rules::{perft, Position, Variant};
use std::sync::atomic::AtomicBool;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = Variant::from_name(&args[1]).unwrap();
    let fen = if args[2] == "startpos" { variant.start_fen().to_string() } else { args[2].clone() };
    let depth: u32 = args[3].parse().unwrap();
    let pos = Position::from_fen(variant, &fen).unwrap();
    let stop = AtomicBool::new(false);
    let t = std::time::Instant::now();
    let d = perft::divide(&pos, depth, 1, &stop).unwrap();
    let total: u64 = d.iter().map(|x| x.1).sum();
    if args.len() > 4 { for (m, n) in &d { println!("{}: {}", pos.move_text(*m), n); } }
    println!("Nodes searched: {total} {:?}", t.elapsed());
}
