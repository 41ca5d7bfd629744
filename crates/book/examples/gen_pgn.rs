//! Writes synthetic games as PGN, for building and timing opening books.
//!
//! The games are "engine-ish" rather than uniformly random, so that a book
//! built from them looks like one built from real games: many games share
//! their first moves (each position orders its legal moves by a fixed
//! pseudo-random preference and the first plies favour the top few of that
//! order, geometrically), later moves prefer captures of the most valuable
//! piece, and games end by mate, stalemate, the draw rules, or after 160
//! plies with a result from the material balance.
//!
//! ```text
//! cargo run --release -p outpost-book --example gen_pgn -- GAMES SEED > games.pgn
//! ```

use outpost_board::{Color, Move, PieceKind, Position};
use outpost_book::{polyglot_key, seeded_rng, PolyglotMove};
use outpost_notation::{Game, GameResult, Outcome};
use rand_chacha::rand_core::RngCore;
use std::io::{self, BufWriter, Write};

/// Plies played at most before the game is adjudicated.
const MAX_PLIES: usize = 160;
/// Plies during which moves follow the fixed preference order.
const OPENING_PLIES: usize = 16;

fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 0,
    }
}

/// White's material minus Black's, in pawns.
fn material(pos: &Position) -> i32 {
    let mut total = 0;
    for kind in PieceKind::ALL {
        total += value(kind)
            * (pos.pieces_of(Color::White, kind).count() as i32
                - pos.pieces_of(Color::Black, kind).count() as i32);
    }
    total
}

/// A fixed pseudo-random preference of `mv` in `pos` (a hash of both).
fn preference(pos: &Position, mv: Move) -> u64 {
    let mut x = polyglot_key(pos)
        ^ u64::from(PolyglotMove::encode(mv).0).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

fn pick(pos: &Position, ply: usize, rng: &mut impl RngCore) -> Move {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    if ply < OPENING_PLIES {
        moves.sort_by_key(|&mv| preference(pos, mv));
        // Index k with probability about 2^-(k+1): most games share lines.
        let mut k = 0;
        while k + 1 < moves.len() && rng.next_u32() % 2 == 1 {
            k += 1;
        }
        return moves[k];
    }
    if rng.next_u32() % 4 != 0 {
        let best_capture = moves
            .iter()
            .filter_map(|&mv| Some((value(pos.piece_on(mv.to())?.kind()), mv)))
            .max_by_key(|&(v, _)| v);
        if let Some((_, mv)) = best_capture {
            return mv;
        }
    }
    moves[(rng.next_u64() % moves.len() as u64) as usize]
}

fn play_game(round: u64, rng: &mut impl RngCore) -> String {
    let mut game = Game::new();
    game.tags_mut().set("Event", "outpost-book synthetic games");
    game.tags_mut().set("Round", &round.to_string());
    for ply in 0..MAX_PLIES {
        if game.outcome().is_some() {
            break;
        }
        let mv = pick(game.position(), ply, rng);
        game.play(mv).expect("a legal move");
    }
    let result = match game.outcome() {
        Some(outcome @ Outcome::Checkmate { .. }) => outcome.result(),
        Some(_) => GameResult::Draw,
        None => match material(game.position()) {
            m if m >= 3 => GameResult::WhiteWins,
            m if m <= -3 => GameResult::BlackWins,
            _ => GameResult::Draw,
        },
    };
    game.set_result(result);
    game.to_pgn()
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = seeded_rng(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    for round in 1..=games {
        out.write_all(play_game(round, &mut rng).as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
