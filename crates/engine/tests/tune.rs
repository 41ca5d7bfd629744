//! The `tune` build: the search's tuning constants as options that round
//! trip. Compiled only with the feature (`cargo test -p outpost-engine
//! --features tune`, a CI step).
#![cfg(feature = "tune")]

use outpost_engine::{options, parse_option, Engine, EngineSettings, OptionKind, OptionValue};
use outpost_search::params::{self, TUNABLES};
use outpost_search::Limits;

#[test]
fn every_tunable_is_an_option_that_round_trips() {
    let all = options();
    for t in TUNABLES {
        let def = all.iter().find(|d| d.name == t.name).expect(t.name);
        assert_eq!(
            def.kind,
            OptionKind::Spin {
                default: i64::from(t.default),
                min: i64::from(t.min),
                max: i64::from(t.max),
            }
        );
    }
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let setting = parse_option("probcut_margin", Some("260")).unwrap();
    assert_eq!(setting.name(), "probcut_margin");
    assert_eq!(setting.value, OptionValue::Spin(260));
    engine.set_option(&setting).unwrap();
    assert_eq!(params::probcut_margin(), 260);
    // The engine searches with it.
    let game = outpost_engine::Game::new();
    let result = engine.search(outpost_engine::SearchRequest::for_game(
        &game,
        Limits::depth(6),
    ));
    assert!(game.position().is_legal(result.best_move));
    // Out of range: refused, the value kept.
    assert!(parse_option("probcut_margin", Some("9999")).is_err());
    engine
        .set_option(&parse_option("probcut_margin", Some("200")).unwrap())
        .unwrap();
    assert_eq!(params::probcut_margin(), 200);
}
