//! Self-play data generation: games at a fixed soft node limit per move
//! from randomised openings, every usable position written as a
//! [`TrainingRecord`].
//!
//! A run is deterministic for its seed: game *i* draws its opening from its
//! own random stream, each search runs on one thread with a cleared table,
//! and games are written in order of their number whatever the number of
//! threads. A run resumes: the file `OUT.progress` records the settings and
//! how many games (and bytes) are in `OUT`; a run with the same settings
//! and a larger `--games` appends the games that are missing.

use crate::error::TrainError;
use crate::record::{GameResult, TrainingRecord, RECORD_BYTES};
use outpost_board::{Color, Move, Position, Setup};
use outpost_engine::openings::random_walk;
use outpost_engine::{Adjudication, Game, GameController, GameDriver, Mode, Timing};
use outpost_eval::Evaluate;
use outpost_search::{Limits, PoolSettings, Score, SearchControl, SearchJob, SearchPool};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// A score (centipawns, either side) at or beyond which a game is adjudicated
/// won once it has held for [`WIN_PLIES`] plies in a row.
pub const WIN_SCORE: i32 = 1000;
/// Plies in a row the winning score must hold.
pub const WIN_PLIES: u32 = 4;
/// A game is adjudicated drawn after this many plies in a row within
/// [`DRAW_SCORE`] centipawns of 0 ...
pub const DRAW_PLIES: u32 = 12;
/// ... the score window for that ...
pub const DRAW_SCORE: i32 = 10;
/// ... once the game is at least this many plies old.
pub const DRAW_FROM_PLY: u32 = 80;
/// A game still going after this many plies is a draw.
pub const MAX_PLIES: u32 = 400;
/// The adjudication rules of the self-play games (the game controller
/// applies them).
pub const ADJUDICATION: Adjudication = Adjudication {
    win_score: WIN_SCORE,
    win_plies: WIN_PLIES,
    draw_score: DRAW_SCORE,
    draw_plies: DRAW_PLIES,
    draw_from_ply: DRAW_FROM_PLY,
    max_plies: MAX_PLIES,
};
/// Openings whose first search scores beyond this (centipawns) are drawn again.
pub const OPENING_MAX_SCORE: i32 = 400;
/// The hard node limit per move is this many times the soft one.
pub const HARD_NODES_FACTOR: u64 = 8;

/// The settings of a data-generation run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenConfig {
    /// Games in the file when the run ends (including those of earlier runs).
    pub games: u64,
    /// Soft node limit per move.
    pub nodes: u64,
    /// Games played at once, each on one thread.
    pub threads: usize,
    /// The data file (records are appended).
    pub out: PathBuf,
    /// The seed of the openings.
    pub seed: u64,
    /// Random plies from the start position before the engines take over
    /// (a game plays this many or one more, at random).
    pub random_plies: u32,
    /// Transposition table per thread, MiB.
    pub hash_mib: usize,
    /// Which evaluator plays, recorded so a run is only continued by the
    /// same one: 0 for the handcrafted evaluation, a network's checksum
    /// ([`outpost_nnue::Network::checksum`]) for a network.
    pub evaluator_id: u64,
    /// 0: write the games' positions with their search scores. `K` ≥ 1:
    /// write instead about one in `K` of the positions the searches
    /// evaluate (those not in check, chosen by their hash key), each with
    /// the evaluator's static score: data for teaching a network what the
    /// playing evaluator knows, from the positions a search meets.
    pub sample_evals: u64,
    /// With `sample_evals`: 0 scores each sample with the static
    /// evaluation; `D` ≥ 1 with a search of depth `D` from it instead (one
    /// thread, its own table cleared per game; samples whose search finds a
    /// mate, or whose best move is a capture or a promotion, are left out):
    /// data for teaching a network what a short search with the playing
    /// evaluator finds, on the positions a search meets.
    pub sample_depth: u32,
    /// Start every game from a Chess960 start position (one of the 960,
    /// drawn from the game's random stream before its random plies)
    /// instead of the standard one, and play by Chess960's castling rules.
    /// Networks see no castling rights, so these positions train the same
    /// inputs; they bring back ranks and king placements standard games
    /// never reach.
    pub chess960: bool,
}

/// Where a run stands, as reported after every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DatagenProgress {
    /// Games in the file.
    pub games: u64,
    /// Games the run is to reach.
    pub target: u64,
    /// Games played by this run.
    pub games_this_run: u64,
    /// Records written by this run.
    pub positions_this_run: u64,
    /// Results of this run's games: White wins, draws, Black wins.
    pub results: [u64; 3],
    /// Time since this run started.
    pub elapsed: Duration,
}

impl DatagenProgress {
    /// Records written per second by this run.
    pub fn positions_per_second(&self) -> f64 {
        self.positions_this_run as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The settings and state kept next to the data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Checkpoint {
    seed: u64,
    nodes: u64,
    random_plies: u32,
    evaluator: u64,
    sample_evals: u64,
    sample_depth: u64,
    chess960: u64,
    games: u64,
    bytes: u64,
}

impl Checkpoint {
    fn path(out: &Path) -> PathBuf {
        let mut name = out.as_os_str().to_owned();
        name.push(".progress");
        PathBuf::from(name)
    }

    fn read(path: &Path) -> Result<Option<Checkpoint>, TrainError> {
        let text = match fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(TrainError::io(path, e)),
        };
        let bad = |reason: &str| TrainError::Resume {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        };
        let mut fields = BTreeMap::new();
        for line in text.lines() {
            let (name, value) = line
                .split_once(' ')
                .ok_or_else(|| bad("a line is not `name value`"))?;
            let value: u64 = value
                .trim()
                .parse()
                .map_err(|_| bad("a value is not a number"))?;
            fields.insert(name.to_string(), value);
        }
        let field = |name: &str| {
            fields
                .get(name)
                .copied()
                .ok_or_else(|| bad(&format!("`{name}` is missing")))
        };
        Ok(Some(Checkpoint {
            seed: field("seed")?,
            nodes: field("nodes")?,
            random_plies: u32::try_from(field("random_plies")?)
                .map_err(|_| bad("random_plies is too large"))?,
            // Files from before the field were all made by the handcrafted evaluation.
            evaluator: fields.get("evaluator").copied().unwrap_or(0),
            // And before this one, every file held game positions.
            sample_evals: fields.get("sample_evals").copied().unwrap_or(0),
            // And before this one, samples were static scores.
            sample_depth: fields.get("sample_depth").copied().unwrap_or(0),
            // And before this one, every game started from the standard position.
            chess960: fields.get("chess960").copied().unwrap_or(0),
            games: field("games")?,
            bytes: field("bytes")?,
        }))
    }

    fn write(&self, path: &Path) -> Result<(), TrainError> {
        let text = format!(
            "seed {}\nnodes {}\nrandom_plies {}\nevaluator {}\nsample_evals {}\nsample_depth {}\n\
             chess960 {}\ngames {}\nbytes {}\n",
            self.seed,
            self.nodes,
            self.random_plies,
            self.evaluator,
            self.sample_evals,
            self.sample_depth,
            self.chess960,
            self.games,
            self.bytes
        );
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        fs::write(&tmp, text).map_err(|e| TrainError::io(&tmp, e))?;
        fs::rename(&tmp, path).map_err(|e| TrainError::io(path, e))
    }
}

/// One finished game: its number, records and result.
struct PlayedGame {
    index: u64,
    records: Vec<TrainingRecord>,
    result: GameResult,
}

/// Plays games until the file holds `config.games`, each thread with its
/// own engine evaluating with a clone of `eval`, calling `progress` after
/// every game written.
pub fn generate<E: Evaluate + Clone + 'static>(
    config: &DatagenConfig,
    eval: &E,
    progress: &mut dyn FnMut(&DatagenProgress),
) -> Result<DatagenProgress, TrainError> {
    if config.nodes == 0 || config.threads == 0 {
        return Err(TrainError::Setting(
            "nodes and threads must be at least 1".into(),
        ));
    }
    let progress_path = Checkpoint::path(&config.out);
    let mut checkpoint = Checkpoint {
        seed: config.seed,
        nodes: config.nodes,
        random_plies: config.random_plies,
        evaluator: config.evaluator_id,
        sample_evals: config.sample_evals,
        sample_depth: u64::from(config.sample_depth),
        chess960: u64::from(config.chess960),
        games: 0,
        bytes: 0,
    };
    if let Some(found) = Checkpoint::read(&progress_path)? {
        let made = (
            found.seed,
            found.nodes,
            found.random_plies,
            found.evaluator,
            found.sample_evals,
            found.sample_depth,
            found.chess960,
        );
        let asked = (
            config.seed,
            config.nodes,
            config.random_plies,
            config.evaluator_id,
            config.sample_evals,
            u64::from(config.sample_depth),
            u64::from(config.chess960),
        );
        if made != asked {
            return Err(TrainError::Resume {
                path: progress_path,
                reason: format!(
                    "it was made with seed {}, nodes {}, random plies {}, evaluator {}, \
                     sample evals {}, sample depth {}, chess960 {}; run with those to \
                     continue it",
                    found.seed,
                    found.nodes,
                    found.random_plies,
                    found.evaluator,
                    found.sample_evals,
                    found.sample_depth,
                    found.chess960 != 0
                ),
            });
        }
        checkpoint = found;
    } else if config.out.exists() {
        return Err(TrainError::Resume {
            path: progress_path,
            reason: format!(
                "{} exists without it; choose a new file",
                config.out.display()
            ),
        });
    }
    // Cut off whatever an interrupted run wrote after its last checkpoint.
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&config.out)
        .map_err(|e| TrainError::io(&config.out, e))?;
    file.set_len(checkpoint.bytes)
        .map_err(|e| TrainError::io(&config.out, e))?;
    let mut writer = BufWriter::new(file);

    let start = Instant::now();
    let mut state = DatagenProgress {
        games: checkpoint.games,
        target: config.games.max(checkpoint.games),
        elapsed: Duration::ZERO,
        ..DatagenProgress::default()
    };
    if checkpoint.games >= config.games {
        return Ok(state);
    }
    let next_game = AtomicU64::new(checkpoint.games);
    let (sender, finished) = mpsc::channel::<PlayedGame>();
    std::thread::scope(|scope| -> Result<(), TrainError> {
        for _ in 0..config.threads {
            let sender = sender.clone();
            let next_game = &next_game;
            let sampler = Sampler {
                inner: eval.clone(),
                every: config.sample_evals,
                salt: config.seed,
                samples: Arc::default(),
            };
            let samples = Arc::clone(&sampler.samples);
            let labeller_eval = eval.clone();
            scope.spawn(move || {
                let mut labeller =
                    (config.sample_depth > 0).then(|| datagen_engine(config, labeller_eval));
                let mut engine = datagen_engine(config, sampler);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    let game = play_game(&mut engine, labeller.as_mut(), config, index, &samples);
                    if sender.send(game).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut failure = None;
        for game in finished {
            pending.insert(game.index, game);
            while let Some(game) = pending.remove(&checkpoint.games) {
                if failure.is_some() {
                    continue;
                }
                let mut bytes = Vec::with_capacity(game.records.len() * RECORD_BYTES);
                for record in &game.records {
                    bytes.extend_from_slice(&record.to_bytes());
                }
                let written = writer.write_all(&bytes).and_then(|()| writer.flush());
                if let Err(e) = written {
                    // Stop handing out games; the threads finish theirs.
                    next_game.store(u64::MAX, Ordering::Relaxed);
                    failure = Some(TrainError::io(&config.out, e));
                    continue;
                }
                checkpoint.games += 1;
                checkpoint.bytes += bytes.len() as u64;
                if let Err(e) = checkpoint.write(&progress_path) {
                    next_game.store(u64::MAX, Ordering::Relaxed);
                    failure = Some(e);
                    continue;
                }
                state.games = checkpoint.games;
                state.games_this_run += 1;
                state.positions_this_run += game.records.len() as u64;
                state.results[match game.result {
                    GameResult::WhiteWins => 0,
                    GameResult::Draw | GameResult::Unknown => 1,
                    GameResult::BlackWins => 2,
                }] += 1;
                state.elapsed = start.elapsed();
                progress(&state);
            }
        }
        failure.map_or(Ok(()), Err)
    })?;
    Ok(state)
}

/// A one-thread engine with the run's table size.
fn datagen_engine<E: Evaluate + Clone + 'static>(config: &DatagenConfig, eval: E) -> SearchPool<E> {
    SearchPool::with_evaluator(
        PoolSettings {
            threads: 1,
            hash_mib: config.hash_mib.max(1),
            ..PoolSettings::default()
        },
        eval,
    )
}

/// Game `index` of the run: a random opening, then self-play.
fn play_game<E: Evaluate + Clone + 'static>(
    engine: &mut SearchPool<Sampler<E>>,
    mut labeller: Option<&mut SearchPool<E>>,
    config: &DatagenConfig,
    index: u64,
    samples: &Mutex<Vec<Sample>>,
) -> PlayedGame {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    rng.set_stream(index);
    engine.new_game();
    if let Some(labeller) = labeller.as_deref_mut() {
        labeller.new_game();
    }
    let label_limits = Limits::depth(i32::try_from(config.sample_depth).unwrap_or(i32::MAX));
    let limits = Limits::soft_nodes(config.nodes, config.nodes.saturating_mul(HARD_NODES_FACTOR));
    let control = SearchControl::new();
    let search = |engine: &mut SearchPool<Sampler<E>>, pos: &Position, keys: &[u64]| {
        let result = engine.search_without_reports(
            SearchJob::new(*pos, limits.clone()).with_history(keys),
            &control,
        );
        (result.best_move, centipawns(result.score))
    };

    let game = opening(
        &mut rng,
        config.random_plies,
        config.chess960,
        |pos, keys| {
            let (_, score) = search(engine, pos, keys);
            score.is_some_and(|cp| cp.abs() <= OPENING_MAX_SCORE)
        },
    );
    engine.new_game();
    // Samples of the opening's searches are not part of the game.
    take_samples(samples);

    // The engine plays both sides; the controller ends the game by the
    // rules or by adjudication, as it would a real game.
    let mut controller = GameController::new(Timing::Fixed(limits.clone()));
    controller.set_adjudication(Some(ADJUDICATION));
    let mut driver = GameDriver::new(controller);
    driver.set_mode(Mode::PlayBoth);
    driver.set_game(game);
    let mut records = Vec::new();
    while let Some(turn) = driver.next_search() {
        let pos = turn.request.position;
        let found = engine.search_without_reports(
            SearchJob::new(pos, limits.clone()).with_history(&turn.request.history),
            &control,
        );
        let (best, score) = (found.best_move, centipawns(found.score));
        if driver.search_finished(turn.id, found).is_none() {
            // Adjudicated before the move: the position is not recorded.
            break;
        }
        if config.sample_evals > 0 {
            for sample in take_samples(samples) {
                let score = match labeller.as_deref_mut() {
                    None => Some(sample.static_score),
                    Some(labeller) => {
                        searched_score(labeller, &sample.pos, &label_limits, &control)
                    }
                };
                if let Some(cp) = score {
                    let cp = record_score(&sample.pos, cp);
                    records.push(TrainingRecord::new(
                        &sample.pos,
                        cp,
                        Move::NULL,
                        GameResult::Draw,
                    ));
                }
            }
        } else if let Some(cp) = score {
            if !pos.is_check() && !best.is_noisy() {
                let cp = record_score(&pos, cp);
                records.push(TrainingRecord::new(&pos, cp, best, GameResult::Draw));
            }
        }
    }
    // The controller says how the game ended (a game it never ended counts
    // as drawn).
    let result = driver
        .controller()
        .outcome()
        .map_or(GameResult::Draw, |outcome| outcome.result());
    for record in &mut records {
        record.result = result;
    }
    PlayedGame {
        index,
        records,
        result,
    }
}

/// A search score in centipawns (`None`: a mate).
fn centipawns(score: Score) -> Option<i32> {
    match score {
        Score::Centipawns(cp) => Some(cp),
        Score::Mate(_) => None,
    }
}

/// A searched sample's score (the side to move's view): `labeller`'s
/// search of `pos` within `limits`, or `None` when it finds a mate or its
/// best move is a capture or promotion (what those win is the search's to
/// find, not the evaluation's).
fn searched_score<E: Evaluate + Clone + 'static>(
    labeller: &mut SearchPool<E>,
    pos: &Position,
    limits: &Limits,
    control: &SearchControl,
) -> Option<i32> {
    let found = labeller.search_without_reports(SearchJob::new(*pos, limits.clone()), control);
    match found.score {
        Score::Centipawns(cp) if !found.best_move.is_noisy() => Some(cp),
        _ => None,
    }
}

/// The evaluator of a data-generation search: `inner`, and when `every`
/// is not 0, a record of about one in `every` of the positions it
/// evaluates (not in check; chosen by hash key, so the same positions
/// whatever the order) with its static score.
#[derive(Clone)]
struct Sampler<E> {
    inner: E,
    every: u64,
    salt: u64,
    /// Shared with the data-generation thread, which takes them after each
    /// search (the search runs on the engine's own thread).
    samples: Arc<Mutex<Vec<Sample>>>,
}

/// A position a search evaluated, and its static score (the side to
/// move's view).
struct Sample {
    pos: Position,
    static_score: i32,
}

impl<E: Evaluate> Evaluate for Sampler<E> {
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let score = self.inner.evaluate(pos);
        if self.every != 0 {
            let mixed = (pos.key() ^ self.salt).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
            if mixed % self.every == 0 && !pos.is_check() {
                self.samples
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push(Sample {
                        pos: *pos,
                        static_score: score,
                    });
            }
        }
        score
    }

    #[inline]
    fn set_root(&mut self, root: &Position) {
        self.inner.set_root(root);
    }

    #[inline]
    fn make(&mut self, parent: &Position, mv: Move, child: &Position) {
        self.inner.make(parent, mv, child);
    }

    #[inline]
    fn unmake(&mut self) {
        self.inner.unmake();
    }
}

/// `score` (the side to move's view) as a record keeps it: White's view,
/// within ±`i16::MAX`.
fn record_score(pos: &Position, score: i32) -> i16 {
    let white = if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    };
    white.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16
}

/// The samples taken so far, leaving none.
fn take_samples(samples: &Mutex<Vec<Sample>>) -> Vec<Sample> {
    std::mem::take(
        &mut *samples
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    )
}

/// A random opening: `plies` or `plies + 1` random legal moves from the
/// start position ([`outpost_engine::openings::random_walk`], as `genfens`
/// draws them), drawn again until `accept` takes it (at most 100 times).
/// With `chess960`, each draw first picks one of the 960 start positions.
fn opening(
    rng: &mut ChaCha8Rng,
    plies: u32,
    chess960: bool,
    mut accept: impl FnMut(&Position, &[u64]) -> bool,
) -> Game {
    let mut last = Game::new();
    for _ in 0..100 {
        let start = if chess960 {
            chess960_start(rng)
        } else {
            Position::startpos()
        };
        if let Some(game) = random_walk(rng, &start, plies) {
            if accept(game.position(), game.history_keys()) {
                return game;
            }
            last = game;
        }
    }
    last
}

/// One of the 960 Chess960 start positions, drawn from `rng`.
fn chess960_start(rng: &mut ChaCha8Rng) -> Position {
    let number = (rng.next_u32() % 960) as u16;
    Setup::chess960(number)
        .and_then(|setup| Position::from_setup(&setup).ok())
        .expect("every number below 960 is a Chess960 start position")
}

/// Reads every record of a data file.
pub fn read_records(path: &Path) -> Result<Vec<TrainingRecord>, TrainError> {
    let bytes = fs::read(path).map_err(|e| TrainError::io(path, e))?;
    if bytes.len() % RECORD_BYTES != 0 {
        return Err(TrainError::Truncated {
            path: path.to_path_buf(),
            len: bytes.len() as u64,
        });
    }
    bytes
        .chunks_exact(RECORD_BYTES)
        .map(|chunk| {
            let mut record = [0u8; RECORD_BYTES];
            record.copy_from_slice(chunk);
            TrainingRecord::from_bytes(&record)
        })
        .collect()
}

/// Writes records to a new data file (replacing it).
pub fn write_records(path: &Path, records: &[TrainingRecord]) -> Result<(), TrainError> {
    let file = File::create(path).map_err(|e| TrainError::io(path, e))?;
    let mut writer = BufWriter::new(file);
    for record in records {
        writer
            .write_all(&record.to_bytes())
            .map_err(|e| TrainError::io(path, e))?;
    }
    writer.flush().map_err(|e| TrainError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn chess960_openings_start_from_many_of_the_960() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut starts = HashSet::new();
        for _ in 0..40 {
            let game = opening(&mut rng, 8, true, |_, _| true);
            let start = *game.start();
            // All four rights, on rooks that may stand off the corners.
            assert_eq!(start.castling_rights().to_string().len(), 4);
            assert!(game.plies() >= 8, "{} plies", game.plies());
            starts.insert(start.key());
        }
        assert!(starts.len() >= 35, "only {} distinct starts", starts.len());

        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..5 {
            let game = opening(&mut rng, 8, false, |_, _| true);
            assert_eq!(*game.start(), Position::startpos());
        }
    }
}
