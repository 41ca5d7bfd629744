//! Chooses the network the crate embeds: `nets/gen11.nnue`, or the file
//! named by the environment variable `OUTPOST_EVALFILE` at build time (the
//! root Makefile sets it from `make EVALFILE=<path>`, as OpenBench builds
//! engines). A file that is missing or does not start with the network
//! magic fails the build with a message, so a bad `EVALFILE` never makes a
//! binary that cannot evaluate.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=OUTPOST_EVALFILE");
    let default = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"))
        .join("nets")
        .join("gen11.nnue");
    let chosen = match std::env::var_os("OUTPOST_EVALFILE") {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => default,
    };
    let path = std::fs::canonicalize(&chosen)
        .unwrap_or_else(|e| panic!("OUTPOST_EVALFILE: cannot read {}: {e}", chosen.display()));
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("OUTPOST_EVALFILE: cannot read {}: {e}", path.display()));
    if !bytes.starts_with(b"OPNN") {
        panic!(
            "OUTPOST_EVALFILE: {} is not an Outpost network (it does not start with OPNN)",
            path.display()
        );
    }
    println!("cargo:rerun-if-changed={}", path.display());
    println!(
        "cargo:rustc-env=OUTPOST_EMBEDDED_NETWORK={}",
        path.display()
    );
}
