//! The engine plays itself with a clock (ten seconds and a tenth a move
//! for each side, searches of a few hundred milliseconds), through the
//! game controller and its driver; the game ends by the rules, a flag or
//! a move limit, and is printed as PGN with its Result and Termination.
//!
//! ```sh
//! cargo run --release -p outpost-chess --no-default-features --example self_play
//! ```

use outpost::prelude::*;

fn main() -> Result<(), EngineError> {
    let clocks: GameClocks = "0.1667+0.1".parse()?;
    let mut driver = GameDriver::new(GameController::new(Timing::Running(clocks)));
    driver.set_mode(Mode::PlayBoth);
    driver.set_game(Game::new());
    let mut engine = Engine::new(EngineSettings::default())?;
    // Each search runs to its end; the controller starts and stops the
    // clocks around it and judges a flag by the FIDE rule.
    let mut plies = 0;
    while let Some(turn) = driver.next_search() {
        let result = engine.search(turn.request);
        if let Some(played) = driver.search_finished(turn.id, result) {
            plies += 1;
            print!("{} ", played.position.san(played.mv));
        }
        if plies >= 400 {
            break;
        }
    }
    println!();
    let game = driver.controller().recorded_game();
    match driver.controller().outcome() {
        Some(outcome) => println!("ended: {}", outcome.description()),
        None => println!("stopped after {plies} plies"),
    }
    println!("{}", game.to_pgn());
    Ok(())
}
