//! Outpost's book builder against `polyglot make-book` (Debian's `polyglot`
//! package) on the same games and settings.
//!
//! The games are generated here (seeded, random after openings that many
//! games share, every result token including `*`), written to a temporary
//! PGN file and built by both programs. The books must hold the same
//! entries with the same weights; only the order of equal-weight moves of a
//! position may differ (polyglot sorts them with `qsort`, which leaves ties
//! in no fixed order). Fewer than 16,384 games keep polyglot's count
//! halving out of play (see docs/book.md). Without polyglot the test says
//! `skipped: ...` on stderr and passes.

use outpost_board::Move;
use outpost_book::{build_book, BookEntry, BuildOptions, ColorFilter};
use outpost_notation::{Game, GameResult};
use rand_chacha::rand_core::RngCore;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn polyglot() -> Option<PathBuf> {
    [
        "/usr/games/polyglot",
        "/usr/bin/polyglot",
        "/usr/local/bin/polyglot",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
}

/// `count` games: the first 10 plies pick the k-th legal move with
/// probability 2^-(k+1), so openings repeat; then up to 50 random plies.
fn games(count: u32, seed: u64) -> String {
    let mut rng = outpost_book::seeded_rng(seed);
    let mut pgn = String::new();
    for round in 1..=count {
        let mut game = Game::new();
        for ply in 0..60 {
            let moves: Vec<Move> = game.position().legal_moves().iter().copied().collect();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let index = if ply < 10 {
                let mut k = 0;
                while k + 1 < moves.len() && rng.next_u32() % 2 == 1 {
                    k += 1;
                }
                k
            } else {
                (rng.next_u64() % moves.len() as u64) as usize
            };
            game.play(moves[index]).unwrap();
        }
        let result = [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ][(rng.next_u32() % 4) as usize];
        game.set_result(result);
        game.tags_mut().set("Round", &round.to_string());
        pgn.push_str(&game.to_pgn());
        pgn.push('\n');
    }
    pgn
}

fn read_book(path: &Path) -> Vec<BookEntry> {
    let bytes = std::fs::read(path).unwrap();
    outpost_book::Book::from_bytes(bytes)
        .unwrap()
        .iter()
        .collect()
}

/// Each position's (move, weight) list in file order.
fn positions(entries: &[BookEntry]) -> BTreeMap<u64, Vec<(u16, u16)>> {
    let mut map: BTreeMap<u64, Vec<(u16, u16)>> = BTreeMap::new();
    for e in entries {
        map.entry(e.key).or_default().push((e.mv.0, e.weight));
    }
    map
}

#[test]
fn builder_matches_polyglot_make_book() {
    let Some(polyglot) = polyglot() else {
        eprintln!("skipped: polyglot not found (install Debian's polyglot package)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("outpost-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn_path = dir.join("games.pgn");
    let pgn = games(1500, 11);
    std::fs::write(&pgn_path, &pgn).unwrap();

    let settings: [(BuildOptions, &[&str]); 4] = [
        (BuildOptions::default(), &[]),
        (
            BuildOptions {
                max_ply: 12,
                min_games: 1,
                ..BuildOptions::default()
            },
            &["-max-ply", "12", "-min-game", "1"],
        ),
        (
            BuildOptions {
                color: ColorFilter::White,
                min_games: 2,
                ..BuildOptions::default()
            },
            &["-only-white", "-min-game", "2"],
        ),
        (
            BuildOptions {
                color: ColorFilter::Black,
                ..BuildOptions::default()
            },
            &["-only-black"],
        ),
    ];
    for (i, (options, args)) in settings.iter().enumerate() {
        let bin = dir.join(format!("polyglot{i}.bin"));
        let status = Command::new(&polyglot)
            .arg("make-book")
            .arg("-pgn")
            .arg(&pgn_path)
            .arg("-bin")
            .arg(&bin)
            .args(*args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            status.status.success() && bin.is_file(),
            "polyglot {args:?} failed"
        );
        let theirs = read_book(&bin);
        let ours = build_book(pgn.as_bytes(), options, |_| {}).unwrap().entries;
        assert!(!ours.is_empty(), "{args:?}: empty book");
        let (ours, theirs) = (positions(&ours), positions(&theirs));
        let only_ours: Vec<_> = ours.keys().filter(|k| !theirs.contains_key(k)).collect();
        let only_theirs: Vec<_> = theirs.keys().filter(|k| !ours.contains_key(k)).collect();
        assert!(
            only_ours.is_empty() && only_theirs.is_empty(),
            "{args:?}: {} positions only in ours (first {:x?}), {} only in polyglot's (first {:x?})",
            only_ours.len(),
            only_ours.first(),
            only_theirs.len(),
            only_theirs.first()
        );
        for (key, our_moves) in &ours {
            let their_moves = &theirs[key];
            let mut a = our_moves.clone();
            let mut b = their_moves.clone();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{args:?}: key {key:016x}");
            // Same weights in the same (descending) order; ties may be permuted.
            let weights = |m: &Vec<(u16, u16)>| m.iter().map(|&(_, w)| w).collect::<Vec<_>>();
            assert_eq!(
                weights(our_moves),
                weights(their_moves),
                "{args:?}: key {key:016x}"
            );
        }
        eprintln!("{args:?}: {} positions agree", ours.len());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
