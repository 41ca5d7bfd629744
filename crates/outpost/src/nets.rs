//! `outpost datagen` and `outpost train`: making neural networks.

use clap::{Args, Subcommand};
use outpost::eval::Evaluator;
use outpost::nnue::{load_network, NnueEvaluator};
use outpost::train::dataset::{dedupe_file, shuffle_files, stats_file};
use outpost::train::pgn_import::import_pgn_files;
use outpost::train::{generate, DatagenConfig, DatagenProgress, TrainError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// `outpost datagen`: self-play games written as training records, or a
/// tool for data files.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct DatagenArgs {
    #[command(subcommand)]
    tool: Option<DataTool>,
    /// Games the file holds when done (a run continues an earlier one with
    /// the same settings).
    #[arg(long)]
    games: Option<u64>,
    /// Soft node limit per move: a search ends on the first completed
    /// iteration past it (and at 8× it in any case).
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Games played at once, one thread each (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    threads: usize,
    /// The data file (appended to).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies from the start position (each game plays this many or one more).
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    /// Transposition table per thread, MiB (1 to 65536).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: u32,
    /// Play with this network instead of the handcrafted evaluation (the
    /// next generation's data from the previous generation's network).
    #[arg(long, value_name = "FILE")]
    eval_file: Option<PathBuf>,
    /// Write about one in K of the positions the searches evaluate, with
    /// the static evaluation as the score, instead of the games' positions
    /// (data for teaching a network the playing evaluation).
    #[arg(long, value_name = "K", default_value_t = 0)]
    sample_evals: u64,
    /// With --sample-evals: score each sample with a search of depth D
    /// from it instead of the static evaluation, keeping only samples whose
    /// best move is quiet (0: static)
    #[arg(long, value_name = "D", default_value_t = 0, requires = "sample_evals",
          value_parser = clap::value_parser!(u32).range(0..=64))]
    sample_depth: u32,
    /// Start every game from a random Chess960 start position (of the
    /// 960) instead of the standard one, with Chess960 castling.
    #[arg(long)]
    chess960: bool,
}

/// A thread count from 1 to 256.
fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err(format!("{text:?} is not a thread count from 1 to 256")),
    }
}

/// The data-file tools.
#[derive(Subcommand, Debug)]
enum DataTool {
    /// Keep the first record of every position (placement and side to move).
    Dedupe {
        /// The data file to read.
        input: PathBuf,
        /// The data file to write.
        output: PathBuf,
    },
    /// Concatenate data files in a random order fixed by the seed.
    Shuffle {
        /// The data files to read.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// The data file to write.
        #[arg(long)]
        out: PathBuf,
        /// Seed of the order.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Count a data file's records, results, mean score and pieces.
    Stats {
        /// The data file.
        file: PathBuf,
    },
    /// Training records from fastchess, cutechess-cli or OpenBench PGNs
    /// (the engine's score in each move's comment), filtered as datagen's
    /// games are; `.bz2` files are read compressed.
    FromPgn {
        /// The PGN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The data file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// Runs `outpost datagen ...`, writing progress to `out`; returns the answer.
pub fn datagen(args: DatagenArgs, out: &mut impl Write) -> Result<String, TrainError> {
    match args.tool {
        Some(DataTool::Dedupe { input, output }) => {
            let (kept, dropped) = dedupe_file(&input, &output)?;
            Ok(format!(
                "kept {kept} records, dropped {dropped} duplicates\n"
            ))
        }
        Some(DataTool::Shuffle { inputs, out, seed }) => {
            let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
            let count = shuffle_files(&inputs, &out, seed)?;
            Ok(format!("wrote {count} records to {}\n", out.display()))
        }
        Some(DataTool::FromPgn { files, out }) => {
            let started = Instant::now();
            let c = import_pgn_files(&files, &out)?;
            let seconds = started.elapsed().as_secs_f64();
            Ok(format!(
                "games {} (skipped: {} without a result, {} unreadable)\n\
                 records {} written to {}\n\
                 moves skipped: {} book, {} without a score, {} mate scores, {} in check, {} captures or promotions\n\
                 {:.0} records/s, {:.1} s\n",
                c.games,
                c.unfinished_games,
                c.unreadable_games,
                c.kept,
                out.display(),
                c.book,
                c.no_score,
                c.mate,
                c.in_check,
                c.noisy,
                c.kept as f64 / seconds.max(1e-9),
                seconds
            ))
        }
        Some(DataTool::Stats { file }) => {
            let s = stats_file(&file)?;
            let scale = s
                .fitted_scale
                .map_or("none (no records)".to_string(), |k| format!("{k} cp"));
            Ok(format!(
                "records {}\nfrom white wins {}\nfrom draws {}\nfrom black wins {}\nmean |score| {:.1} cp\nmean pieces {:.1}\nevaluation scale fitted to the results {scale}\n",
                s.records, s.results[0], s.results[1], s.results[2], s.mean_abs_score, s.mean_pieces
            ))
        }
        None => {
            let (Some(games), Some(path)) = (args.games, args.out) else {
                return Err(TrainError::Setting(
                    "datagen needs --games N and --out FILE (or a tool: dedupe, shuffle, stats, from-pgn)"
                        .into(),
                ));
            };
            let network = match &args.eval_file {
                None => None,
                Some(file) => Some(
                    load_network(file)
                        .map_err(|e| TrainError::Setting(format!("{}: {e}", file.display())))?,
                ),
            };
            let config = DatagenConfig {
                evaluator_id: network.as_ref().map_or(0, |n| n.checksum()),
                games,
                nodes: args.nodes,
                threads: args.threads,
                out: path,
                seed: args.seed,
                random_plies: args.random_plies,
                hash_mib: args.hash as usize,
                sample_evals: args.sample_evals,
                sample_depth: args.sample_depth,
                chess960: args.chess960,
            };
            let mut last = Instant::now();
            let mut show = |p: &DatagenProgress| {
                if last.elapsed() >= Duration::from_secs(10) || p.games == p.target {
                    last = Instant::now();
                    let _ = writeln!(
                        out,
                        "games {}/{}  positions {}  {:.0} pos/s  W/D/L {}/{}/{}  {:.0} s",
                        p.games,
                        p.target,
                        p.positions_this_run,
                        p.positions_per_second(),
                        p.results[0],
                        p.results[1],
                        p.results[2],
                        p.elapsed.as_secs_f64()
                    );
                    let _ = out.flush();
                }
            };
            let done = match network {
                None => generate(&config, &Evaluator::new(), &mut show)?,
                Some(network) => {
                    let eval = NnueEvaluator::new(std::sync::Arc::new(network));
                    generate(&config, &eval, &mut show)?
                }
            };
            Ok(format!(
                "done: {} games in {}, {} positions written by this run\n",
                done.games,
                config.out.display(),
                done.positions_this_run
            ))
        }
    }
}

/// `outpost train`: a network from data files.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The data files (their last records are held out for validation).
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Where the checkpoint (`latest.ckpt`) and the network of each epoch
    /// (`epoch-N.nnue`) go.
    #[arg(long)]
    out: PathBuf,
    /// Hidden units per perspective (a multiple of 16).
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Output buckets by piece count.
    #[arg(long, default_value_t = 8)]
    buckets: usize,
    /// King buckets: 1 (none) or 4 (inputs by where each side's king stands, the board mirrored so the king is on files e-h)
    #[arg(long, default_value_t = 1)]
    king_buckets: usize,
    /// Passes over the data.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Positions per step (1 to 1048576).
    #[arg(long, default_value_t = 16_384, value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
    batch: u32,
    /// Starting learning rate (cosine decay to 1 % of it).
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Weight of the game result in the target (the rest is the score's).
    #[arg(long, default_value_t = 0.3)]
    lambda: f32,
    /// Weight of the game result for sampled evaluations (`datagen --sample-evals` records), when it differs from --lambda
    #[arg(long)]
    sample_lambda: Option<f32>,
    /// The evaluation scale K in centipawns: a score s counts as the win probability 1/(1+e^(-s/K)), in the target and for the network's output (fit it to the games' results)
    #[arg(long, default_value_t = outpost::nnue::SCALE as f32)]
    eval_scale: f32,
    /// Share of the records held out for validation.
    #[arg(long, default_value_t = 0.02)]
    validation: f32,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Seed of the initial weights and the order of positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Do not mirror half of the positions left to right each epoch.
    #[arg(long)]
    no_mirror: bool,
    /// Start from this checkpoint instead of random weights.
    #[arg(long, conflicts_with = "from_net")]
    resume: Option<PathBuf>,
    /// Start from this network file's weights (a `.nnue`, such as `crates/nnue/nets/gen11.nnue`) instead of random weights: fine-tunes it on the data; --hidden, --buckets and --king-buckets must match it
    #[arg(long)]
    from_net: Option<PathBuf>,
}

/// Runs `outpost train ...`, writing a line per epoch to `out`.
pub fn train(args: TrainArgs, out: &mut (impl Write + Send)) -> Result<String, TrainError> {
    use outpost::train::trainer::{
        load_checkpoint, save_checkpoint, train, FloatNetwork, TrainConfig, TrainingData,
    };
    let config = TrainConfig {
        data: args.data,
        out_dir: args.out,
        hidden: args.hidden,
        buckets: args.buckets,
        king_buckets: args.king_buckets,
        epochs: args.epochs,
        batch: args.batch as usize,
        lr: args.lr,
        lambda: args.lambda,
        sample_lambda: args.sample_lambda,
        eval_scale: args.eval_scale,
        validation: args.validation,
        threads: args.threads,
        seed: args.seed,
        mirror: !args.no_mirror,
        ..TrainConfig::default()
    };
    let start = match (&args.resume, &args.from_net) {
        (Some(checkpoint), _) => Some(load_checkpoint(checkpoint)?),
        (None, Some(path)) => {
            let net = load_network(path)
                .map_err(|e| TrainError::Setting(format!("{}: {e}", path.display())))?;
            Some(FloatNetwork::from_network(&net))
        }
        (None, None) => None,
    };
    // Said before anything is written or the data read (which may take a
    // while).
    if let Some(net) = &start {
        config.check_start(net)?;
    }
    std::fs::create_dir_all(&config.out_dir).map_err(|e| TrainError::io(&config.out_dir, e))?;
    let loaded = Instant::now();
    let data = TrainingData::load(&config.data, config.validation)?;
    let _ = writeln!(
        out,
        "{} training and {} validation records read in {:.1} s; {} hidden, {} buckets{}",
        data.train_len(),
        data.validation_len(),
        loaded.elapsed().as_secs_f64(),
        config.hidden,
        config.buckets,
        if config.king_buckets == 1 {
            String::new()
        } else {
            format!(", {} king buckets", config.king_buckets)
        }
    );
    let dir = config.out_dir.clone();
    let mut last = String::new();
    let net = train(&config, &data, start, &mut |report, net| {
        let line = format!(
            "epoch {:>3}  train loss {:.6}  validation loss {:.6}  lr {:.6}  {:.0} pos/s",
            report.epoch,
            report.train_loss,
            report.validation_loss,
            report.lr,
            report.positions_per_second
        );
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
        last = line;
        save_checkpoint(net, &dir.join("latest.ckpt"))?;
        let quantised = net.quantise()?;
        let path = dir.join(format!("epoch-{}.nnue", report.epoch));
        std::fs::write(&path, quantised.to_bytes()).map_err(|e| TrainError::io(&path, e))
    })?;
    let final_path = dir.join("final.nnue");
    std::fs::write(&final_path, net.quantise()?.to_bytes())
        .map_err(|e| TrainError::io(&final_path, e))?;
    Ok(format!("{last}\nwrote {}\n", final_path.display()))
}
