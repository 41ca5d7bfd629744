//! The `outpost tb` commands as library functions: the binary parses the
//! arguments and calls these with its standard output.

use crate::syzygy::{Syzygy, SyzygyWdl};
use crate::{
    generate_all, table_stats, Dtm, GenerateConfig, GenerateProgress, Material, Summary,
    Tablebases, TbError,
};
use outpost_notation::parse_fen;
use std::io::{BufRead, Write};

/// `outpost tb generate [--men 3|4] [--dir DIR] [--threads N]`: generates
/// the tables into `config.dir`, printing a line per table (its time and
/// size) and a total.
pub fn generate(config: &GenerateConfig, mut out: impl Write) -> Result<Summary, TbError> {
    let mut write_error = None;
    let summary = generate_all(config, |p| {
        let line = match p {
            GenerateProgress::Started {
                material,
                number,
                total,
            } => format!("[{number:>2}/{total}] {material:<6}"),
            GenerateProgress::Generated {
                positions,
                elapsed,
                bytes,
                ..
            } => format!(
                " generated: {positions} positions in {:.2} s, {:.1} MB\n",
                elapsed.as_secs_f64(),
                *bytes as f64 / 1e6
            ),
            GenerateProgress::Reused { bytes, .. } => {
                format!(" kept (valid file), {:.1} MB\n", *bytes as f64 / 1e6)
            }
        };
        if let Err(e) = out.write_all(line.as_bytes()).and_then(|_| out.flush()) {
            write_error.get_or_insert(e);
        }
    })?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    writeln!(
        out,
        "{} tables generated, {} kept, {:.1} MB in {}, {:.1} s",
        summary.generated,
        summary.reused,
        summary.bytes as f64 / 1e6,
        config.dir.display(),
        summary.elapsed.as_secs_f64()
    )?;
    Ok(summary)
}

/// `outpost tb probe <fen>`: prints `wdl <win|draw|loss> dtm <N>` from the
/// side to move's view, N in moves (mate in N, or mated in N; 0 for a draw
/// or a checkmate on the board), then `bestmove <uci>` (`bestmove none`
/// without a legal move). When the mate takes more plies than the fifty-move
/// rule leaves, a third line says so.
///
/// ```
/// use outpost_tb::{cli, Dtm, Tablebases};
///
/// let tb = Tablebases::in_memory();
/// let mut out = Vec::new();
/// let dtm = cli::probe(&tb, "k7/8/2K5/8/8/8/8/7R w - - 0 1", &mut out).unwrap();
/// assert_eq!(dtm, Dtm::Win(3));
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("wdl win dtm 2\nbestmove "));
/// ```
pub fn probe(tb: &Tablebases, fen: &str, mut out: impl Write) -> Result<Dtm, TbError> {
    let pos = parse_fen(fen).map_err(|e| TbError::BadFen {
        fen: fen.to_string(),
        message: e.to_string(),
    })?;
    let root = tb.probe_root(&pos)?;
    let dtm = root.dtm;
    writeln!(out, "wdl {} dtm {}", dtm.wdl(), dtm.moves().unwrap_or(0))?;
    match root.best_move {
        Some(mv) => writeln!(out, "bestmove {mv}")?,
        None => writeln!(out, "bestmove none")?,
    }
    if !root.within_fifty_move_rule {
        writeln!(
            out,
            "fifty-move: the mate takes {} plies and the halfmove clock is {}; a capture or pawn move must reset it on the way",
            dtm.plies().unwrap_or(0),
            pos.halfmove_clock()
        )?;
    }
    Ok(dtm)
}

/// `outpost tb probe --syzygy DIR <fen>`: prints `wdl <loss|blessed-loss|
/// draw|cursed-win|win> dtz <N>` from the side to move's view (N the signed
/// DTZ in plies, 0 for a draw), then `bestmove <uci>` by the root ranking
/// under the fifty-move rule (`bestmove none` without a legal move). A
/// directory that cannot be read, a bad FEN, more men than the tables
/// cover or a missing or damaged file is an error.
///
/// ```
/// use outpost_tb::cli;
/// use outpost_tb::syzygy::{Syzygy, SyzygyWdl};
///
/// let tables = Syzygy::open_path_list(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy"));
/// let mut out = Vec::new();
/// let wdl = cli::probe_syzygy(&tables, "8/1P6/8/8/8/8/K7/4k3 w - - 1 37", &mut out).unwrap();
/// assert_eq!(wdl, SyzygyWdl::Win);
/// // The pawn queens at once (DTZ 1: the promotion zeroes the count).
/// assert_eq!(String::from_utf8(out).unwrap(), "wdl win dtz 1\nbestmove b7b8q\n");
/// ```
pub fn probe_syzygy(tables: &Syzygy, fen: &str, mut out: impl Write) -> Result<SyzygyWdl, TbError> {
    if let Some(problem) = tables.take_problems().into_iter().next() {
        return Err(problem.into());
    }
    let pos = parse_fen(fen).map_err(|e| TbError::BadFen {
        fen: fen.to_string(),
        message: e.to_string(),
    })?;
    let wdl = tables.probe_wdl(&pos)?;
    let dtz = tables.probe_dtz(&pos)?;
    let ranked = tables.rank_root_moves(&pos, &[], true)?;
    writeln!(out, "wdl {wdl} dtz {dtz}")?;
    match ranked.first() {
        Some(best) => writeln!(out, "bestmove {}", best.mv)?,
        None => writeln!(out, "bestmove none")?,
    }
    Ok(wdl)
}

/// `outpost tb probe-batch --syzygy DIR`: for each FEN line of `input`, one
/// line `wdl <value> dtz <N>` as [`probe_syzygy`] prints it, or `error:
/// <why>`; for comparisons with other probers (`tools/syzygy_sample.py`).
pub fn probe_syzygy_batch(
    tables: &Syzygy,
    input: impl BufRead,
    mut out: impl Write,
) -> Result<(), TbError> {
    for line in input.lines() {
        let line = line?;
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let answer = parse_fen(fen)
            .map_err(|e| e.to_string())
            .and_then(|pos| {
                let wdl = tables.probe_wdl(&pos).map_err(|e| e.to_string())?;
                let dtz = tables.probe_dtz(&pos).map_err(|e| e.to_string())?;
                Ok(format!("wdl {wdl} dtz {dtz}"))
            })
            .unwrap_or_else(|e| format!("error: {e}"));
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

/// Checks every `every`-th position of every table of up to `men` men
/// against its moves ([`verify_table`](crate::verify_table)), printing a line
/// per table; stops at the first inconsistency.
pub fn verify(tb: &Tablebases, men: u32, every: usize, mut out: impl Write) -> Result<(), TbError> {
    if !(3..=4).contains(&men) {
        return Err(TbError::BadMen { men });
    }
    for material in Material::all_up_to(men) {
        let start = std::time::Instant::now();
        let v = crate::verify_table(tb, material, every)?;
        writeln!(
            out,
            "{material:<6} {} positions consistent ({} with an en-passant reply), {:.1} s",
            v.positions,
            v.en_passant,
            start.elapsed().as_secs_f64()
        )?;
    }
    Ok(())
}

/// `outpost tb stats [--men 3|4]`: prints, for every table of up to `men`
/// men, the positions and the wins, draws and losses for each side to move,
/// with the longest mate (in moves) and a position that reaches it, as a
/// Markdown table.
pub fn stats(tb: &Tablebases, men: u32, mut out: impl Write) -> Result<(), TbError> {
    if !(3..=4).contains(&men) {
        return Err(TbError::BadMen { men });
    }
    writeln!(
        out,
        "| table | positions | stm | wins | draws | losses | longest mate | position |"
    )?;
    writeln!(
        out,
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |"
    )?;
    for material in Material::all_up_to(men) {
        let stats = table_stats(tb, material)?;
        for (side, s) in stats.sides.iter().enumerate() {
            let (name, positions) = if side == 0 {
                (material.to_string(), stats.positions.to_string())
            } else {
                (String::new(), String::new())
            };
            let (longest, fen) = match &s.longest_win {
                Some((plies, fen)) => (
                    Dtm::Win(*plies).moves().unwrap_or(0).to_string(),
                    fen.clone(),
                ),
                None => ("-".to_string(), "-".to_string()),
            };
            writeln!(
                out,
                "| {name} | {positions} | {} | {} | {} | {} | {longest} | `{fen}` |",
                if side == 0 { "w" } else { "b" },
                s.wins,
                s.draws,
                s.losses,
            )?;
        }
    }
    Ok(())
}
