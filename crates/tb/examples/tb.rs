//! Developer tools for the tables, beside the `outpost tb generate | probe |
//! stats` commands of the binary:
//!
//! ```text
//! cargo run --release -p outpost-tb --example tb -- verify [--men 3|4] [--dir DIR] [--every N] [--only MATERIAL]
//! cargo run --release -p outpost-tb --example tb -- time <material> --dir DIR
//! ```

use outpost_tb::{cli, Tablebases};
use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let men: u32 = option("--men").map_or(4, |m| m.parse().expect("--men takes a number"));
    let dir = option("--dir").map(PathBuf::from);
    let tables = || {
        dir.clone()
            .map_or_else(Tablebases::in_memory, Tablebases::open)
    };
    let out = std::io::stdout();
    let result = match args.first().map(String::as_str) {
        // Checks every --every-th position of every table (or of --only M).
        Some("verify") => {
            let every = option("--every").map_or(1, |e| e.parse().expect("--every takes a number"));
            match option("--only") {
                Some(m) => {
                    outpost_tb::verify_table(&tables(), m.parse().expect("a material"), every)
                        .map(|v| println!("{m}: {v:?}"))
                }
                None => cli::verify(&tables(), men, every, out.lock()),
            }
        }
        // Times loading a table's files by probing one of its positions:
        // `tb load KQPK --dir DIR`.
        Some("load") => {
            let tb = tables();
            let material: outpost_tb::Material = args
                .get(1)
                .and_then(|m| m.parse().ok())
                .expect("a material");
            let pos = Tablebases::open(dir.clone().expect("--dir"))
                .positions(material)
                .ok()
                .and_then(|mut p| p.next())
                .expect("a position");
            let start = std::time::Instant::now();
            let wdl = tb.probe_wdl(&pos);
            let wdl_time = start.elapsed();
            let start = std::time::Instant::now();
            let dtm = tb.probe_dtm(&pos);
            println!(
                "{material}: first probe_wdl {:.1} ms ({wdl:?}), first probe_dtm {:.1} ms ({dtm:?})",
                wdl_time.as_secs_f64() * 1e3,
                start.elapsed().as_secs_f64() * 1e3
            );
            Ok(())
        }
        // Times the generation of one table in memory, its subtables read
        // from --dir: `tb time KQPK --dir DIR`.
        Some("time") => {
            let tb = tables();
            let material = args
                .get(1)
                .and_then(|m| m.parse().ok())
                .expect("a material");
            let start = std::time::Instant::now();
            tb.generate_table(material).map(|(slots, positions)| {
                println!(
                    "{material}: {slots} slots, {positions} positions, {:.2} s",
                    start.elapsed().as_secs_f64()
                )
            })
        }
        _ => {
            eprintln!("usage: tb generate|probe|stats ...");
            std::process::exit(2);
        }
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
