//! A stand-in for `outpost book build` and `outpost book probe` until the
//! binary wires them: the same library calls, with minimal argument parsing.
//!
//! ```text
//! cargo run --release -p outpost-book --example book_cli -- build games.pgn -o book.bin [--max-ply N] [--min-games N] [--color white|black|both]
//! cargo run --release -p outpost-book --example book_cli -- probe book.bin [FEN]
//! ```

use outpost_book::{build_book_file, probe_book_file, BuildOptions};
use std::process::ExitCode;
use std::time::Instant;

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("build") => {
            let mut options = BuildOptions::default();
            let (mut pgn, mut output) = (None, None);
            let mut rest = args[1..].iter();
            while let Some(arg) = rest.next() {
                let mut value = || rest.next().ok_or(format!("{arg} needs a value"));
                match arg.as_str() {
                    "-o" => output = Some(value()?.clone()),
                    "--max-ply" => {
                        options.max_ply = value()?.parse().map_err(|e| format!("{e}"))?
                    }
                    "--min-games" => {
                        options.min_games = value()?.parse().map_err(|e| format!("{e}"))?
                    }
                    "--color" => options.color = value()?.parse().map_err(|e| format!("{e}"))?,
                    _ => pgn = Some(arg.clone()),
                }
            }
            let (pgn, output) = pgn
                .zip(output)
                .ok_or("usage: build <games.pgn> -o <book.bin>")?;
            let start = Instant::now();
            let summary = build_book_file(&pgn, &output, &options, |p| {
                if p.games % 100_000 == 0 {
                    eprintln!("{} games, {} MB", p.games, p.bytes >> 20);
                }
            })
            .map_err(|e| e.to_string())?;
            eprintln!(
                "{} games ({} skipped), {} moves counted, {} distinct, {} entries in {} positions, {:.2} s",
                summary.games,
                summary.skipped,
                summary.moves_counted,
                summary.distinct,
                summary.entries,
                summary.positions,
                start.elapsed().as_secs_f64()
            );
            if let Some(error) = summary.first_error {
                eprintln!("first skipped game: {error}");
            }
            Ok(())
        }
        Some("probe") => {
            let book = args.get(1).ok_or("usage: probe <book.bin> [fen]")?;
            let fen = (args.len() > 2).then(|| args[2..].join(" "));
            let lines = probe_book_file(book, fen.as_deref(), std::io::stdout().lock())
                .map_err(|e| e.to_string())?;
            if lines == 0 {
                eprintln!("no book moves");
            }
            Ok(())
        }
        _ => Err("usage: book_cli build|probe ...".to_string()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
