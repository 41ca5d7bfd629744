//! PGN reading speed on real files: Outpost's streaming reader against
//! pgn-reader 0.29 + shakmaty 0.30, and Outpost's tree-building reader,
//! over the corpus `tools/pgn_corpus.py` builds (files written by people
//! and programs: tournament collections, annotated collections, engine
//! matches, Chess960 games, other tools' test files; see
//! `benches/pgn-corpus/manifest.tsv`).
//!
//! ```sh
//! python3 tools/pgn_corpus.py                      # builds target/pgn-corpus
//! cargo run --release -p outpost-benches --example pgn_corpus [DIR] [RUNS]
//! ```
//!
//! Every file is read into memory first; each reader reads each file RUNS
//! times (default 5) and its best time per file counts, readers taking
//! turns file by file. Two modes: `mainline` validates every main-line move
//! and skips variations unparsed; `variations` validates the variations'
//! moves too. A line per class and mode gives each reader's moves per
//! second, and the ratio of Outpost's streaming reader to pgn-reader +
//! shakmaty (above 1: Outpost faster). Games a reader gives up on (another
//! variant, an illegal move) are counted; the readers' move counts are
//! printed so that a difference in what they accept is visible.
//!
//! A second table reads each class whole: one pass is every file of the
//! class once, in order; the readers take turns pass by pass, RUNS rounds,
//! and each reader's best pass counts. Reading one small file several
//! times in a row lets the processor learn that file (its branch history
//! and caches), which favours a reader in proportion to what it has to
//! learn; a pass over megabytes of different files is closer to reading a
//! file once, as users do. Both tables are printed; `docs/benchmarks.md`
//! says which figures it quotes.

use std::path::{Path, PathBuf};
use std::time::Instant;

#[path = "../rivals/pgn_rivals.rs"]
mod pgn_rivals;
use pgn_rivals::{outpost_tree_real, outpost_visitor_real, pgn_reader_shakmaty_real, Tally};

/// The corpus's classes, in the order they are reported.
const CLASSES: [&str; 5] = ["tournament", "annotated", "engine", "chess960", "tests"];

fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pgn")))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// One reader's totals over a class: best seconds summed over files.
#[derive(Default)]
struct Total {
    seconds: f64,
    tally: Tally,
}

impl Total {
    fn add(&mut self, seconds: f64, tally: Tally) {
        self.seconds += seconds;
        self.tally += tally;
    }

    fn rate(&self) -> f64 {
        self.tally.moves as f64 / self.seconds.max(1e-9) / 1e6
    }
}

fn best_of(runs: usize, read: &dyn Fn() -> Tally) -> (f64, Tally) {
    let mut best = f64::INFINITY;
    let mut tally = Tally::default();
    for _ in 0..runs {
        let t = Instant::now();
        tally = read();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best, tally)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(
        args.next()
            .unwrap_or_else(|| "target/pgn-corpus".to_string()),
    );
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    println!(
        "{:10} {:10} {:>6} {:>9} | {:>22} | {:>22} | {:>22} | {:>6} {:>6}",
        "class",
        "mode",
        "MB",
        "moves",
        "outpost visitor",
        "pgn-reader+shakmaty",
        "outpost tree",
        "ratio",
        "tree"
    );
    let mut grand: [[Total; 3]; 2] = Default::default();
    let mut grand_mb = 0.0;
    let classes = read_classes(&dir);
    for (class, texts) in &classes {
        let mb = texts.iter().map(Vec::len).sum::<usize>() as f64 / 1e6;
        grand_mb += mb;
        for (m, (mode, variations)) in MODES.into_iter().enumerate() {
            let mut totals: [Total; 3] = Default::default();
            for text in texts {
                let (s, t) = best_of(runs, &|| outpost_visitor_real(text, variations));
                totals[0].add(s, t);
                let (s, t) = best_of(runs, &|| pgn_reader_shakmaty_real(text, variations));
                totals[1].add(s, t);
                if variations {
                    let (s, t) = best_of(runs, &|| outpost_tree_real(text));
                    totals[2].add(s, t);
                }
            }
            let cell = |t: &Total| {
                if t.seconds > 0.0 {
                    format!("{:6.2} Mm/s {:>9}", t.rate(), t.tally.moves)
                } else {
                    "-".to_string()
                }
            };
            let ratio = totals[0].rate() / totals[1].rate();
            let tree = if variations {
                format!("{:6.2}", totals[0].rate() / totals[2].rate())
            } else {
                "-".to_string()
            };
            println!(
                "{class:10} {mode:10} {mb:6.1} {:>9} | {:>22} | {:>22} | {:>22} | {ratio:6.2} {tree:>6}",
                totals[0].tally.moves,
                cell(&totals[0]),
                cell(&totals[1]),
                cell(&totals[2]),
            );
            println!(
                "{:32}   games read/given up: outpost {}/{}, pgn-reader {}/{}",
                "",
                totals[0].tally.games,
                totals[0].tally.failed,
                totals[1].tally.games,
                totals[1].tally.failed
            );
            for (g, t) in grand[m].iter_mut().zip(&totals) {
                g.add(t.seconds, t.tally);
            }
        }
    }
    for (m, (mode, _)) in MODES.into_iter().enumerate() {
        print_total(&format!("all classes, {mode}"), grand_mb, &grand[m], m == 1);
    }
    whole_class_passes(&classes, runs);
}

/// The two modes: main lines only, and variations too.
const MODES: [(&str, bool); 2] = [("mainline", false), ("variations", true)];

/// Every class's files, read into memory; a class without files is left
/// out with a note.
fn read_classes(dir: &Path) -> Vec<(&'static str, Vec<Vec<u8>>)> {
    let mut classes = Vec::new();
    for class in CLASSES {
        let files = pgn_files(&dir.join(class));
        if files.is_empty() {
            eprintln!(
                "{}: no .pgn files (run tools/pgn_corpus.py)",
                dir.join(class).display()
            );
            continue;
        }
        let texts = files
            .iter()
            .map(|f| std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display())))
            .collect();
        classes.push((class, texts));
    }
    classes
}

/// The summary line of a set of totals: each reader's rate and the ratios.
fn print_total(label: &str, mb: f64, g: &[Total; 3], with_tree: bool) {
    let tree = if with_tree {
        format!(", visitor/tree {:.2}", g[0].rate() / g[2].rate())
    } else {
        String::new()
    };
    println!(
        "{label}: {mb:.1} MB; outpost {:.2} M moves/s, pgn-reader+shakmaty {:.2} M moves/s, ratio {:.2}{tree}",
        g[0].rate(),
        g[1].rate(),
        g[0].rate() / g[1].rate()
    );
}

/// The second table: each class read whole, readers taking turns pass by
/// pass, the best of `runs` passes each.
fn whole_class_passes(classes: &[(&str, Vec<Vec<u8>>)], runs: usize) {
    println!();
    println!("whole-class passes, best of {runs} (ratio = outpost visitor / pgn-reader+shakmaty; tree = visitor / tree):");
    let mut grand: [[Total; 3]; 2] = Default::default();
    let mut grand_mb = 0.0;
    for (class, texts) in classes {
        let mb = texts.iter().map(Vec::len).sum::<usize>() as f64 / 1e6;
        grand_mb += mb;
        for (m, (mode, variations)) in MODES.into_iter().enumerate() {
            let pass = |read: &dyn Fn(&[u8]) -> Tally| {
                let t = Instant::now();
                let mut tally = Tally::default();
                for text in texts {
                    tally += read(text);
                }
                (t.elapsed().as_secs_f64(), tally)
            };
            let mut best = [(f64::INFINITY, Tally::default()); 3];
            for _ in 0..runs {
                let mut times = vec![
                    pass(&|t| outpost_visitor_real(t, variations)),
                    pass(&|t| pgn_reader_shakmaty_real(t, variations)),
                ];
                if variations {
                    times.push(pass(&outpost_tree_real));
                }
                for (b, now) in best.iter_mut().zip(times) {
                    if now.0 < b.0 {
                        *b = now;
                    }
                }
            }
            let mut totals: [Total; 3] = Default::default();
            for (total, (seconds, tally)) in totals.iter_mut().zip(best) {
                if seconds.is_finite() {
                    total.add(seconds, tally);
                }
            }
            print_total(&format!("{class:10} {mode:10}"), mb, &totals, variations);
            for (g, t) in grand[m].iter_mut().zip(&totals) {
                g.add(t.seconds, t.tally);
            }
        }
    }
    for (m, (mode, _)) in MODES.into_iter().enumerate() {
        print_total(&format!("all classes, {mode}"), grand_mb, &grand[m], m == 1);
    }
}
