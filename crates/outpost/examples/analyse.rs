//! An analysis with two lines (MultiPV) in the background, its reports
//! printed as they come, stopped from another thread.
//!
//! ```sh
//! cargo run --release -p outpost-chess --no-default-features --example analyse
//! ```

use outpost::prelude::*;
use std::sync::mpsc;
use std::time::Duration;

fn main() -> Result<(), EngineError> {
    let pos: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
        .parse()
        .expect("a legal FEN");
    let mut engine = Engine::new(EngineSettings::default())?;
    let request = SearchRequest::for_position(pos, Limits::infinite()).with_multipv(2);
    let (done, finished) = mpsc::channel();
    engine.start(request, move |event| match event {
        SearchEvent::Report(Report::Pv(line)) => {
            let pv = pos.variation_san(&line.pv).unwrap_or_default();
            println!(
                "depth {:>2} line {} {:>6}  {pv}",
                line.depth, line.multipv, line.score
            );
        }
        SearchEvent::Finished(result) => {
            let _ = done.send(result);
        }
        _ => {}
    })?;
    // Another thread stops the analysis after half a second.
    let stopper = engine.stop_handle();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        stopper.stop();
    });
    let result = finished
        .recv_timeout(Duration::from_secs(30))
        .expect("a stopped search answers");
    println!("best: {} ({})", pos.san(result.best_move), result.score);
    Ok(())
}
